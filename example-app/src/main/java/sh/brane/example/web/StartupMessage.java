package sh.brane.example.web;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import sh.brane.client.BraneClient;
import sh.brane.example.token.TokenService;

/** Tells the person who just ran the app where to look. */
@Component
class StartupMessage {

    private static final Logger log = LoggerFactory.getLogger(StartupMessage.class);

    @EventListener
    void ready(ApplicationReadyEvent event) {
        if (!(event.getApplicationContext() instanceof WebServerApplicationContext web)) {
            return;
        }
        String base = "http://localhost:" + web.getWebServer().getPort();
        BraneClient client = event.getApplicationContext().getBean(BraneClient.class);
        TokenService tokens = event.getApplicationContext().getBean(TokenService.class);
        String chain;
        try {
            chain = "chain " + client.chainId();
        } catch (RuntimeException e) {
            // the service still starts: its endpoints answer 503 until the node is reachable
            chain = "node not reachable yet: " + e.getMessage();
        }
        log.info("""

                ==============================================================
                  Brane example payments service is up ({}).
                  Dashboard:  {}/
                  Try:        curl {}/api/chain
                  Pay:        curl -u payments:PASSWORD -H 'Content-Type: application/json' \\
                                -d '{"to":"0x...","amount":"0.1"}' {}/api/transfers
                              (PASSWORD: app.api.password; docs/security-example.md)
                  Token:      {} (BET)
                ==============================================================""",
                chain, base, base, base, tokens.address().toChecksumString());
    }
}
