package sh.brane.readme;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.DevAccount;
import sh.brane.devnet.junit.WithAnvil;

/** The code of the section "Local devnet" in docs/engine.md, kept compiling and passing. */
class DevnetReadmeExamplesTest {

    @Test
    void launcherExample() {
        int portBefore;
        try (Anvil anvil = Anvil.builder().chainId(31337).start()) {
            String http = anvil.httpUrl();          // http://127.0.0.1:<free port>
            String ws = anvil.wsUrl();              // ws://127.0.0.1:<same port>
            DevAccount alice = anvil.account(0);    // funded with 10,000 ETH, private key known
            System.out.println(alice.address() + " on chain " + anvil.chainId() + " at " + http);

            portBefore = anvil.port();
            assertThat(ws).isEqualTo("ws://127.0.0.1:" + portBefore);
            assertThat(alice.address()).isEqualTo("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");

            anvil.stop();                           // the node goes away...
            anvil.restart();                        // ...and comes back on the same port, with a fresh chain
            assertThat(anvil.port()).isEqualTo(portBefore);
            assertThat(anvil.isRunning()).isTrue();
        }                                           // close() stops the process (only ours, by PID)
    }

    @Nested
    @WithAnvil                                  // one node per test class; @WithAnvil(shared = true): one per run
    class PaymentIT {
        static Anvil anvil;                     // injected (static or instance field)

        @Test
        void paysAlice(Anvil node) {            // or as a parameter
            assertThat(node.chainId()).isEqualTo(31337);
            assertThat(anvil).isSameAs(node);
        }
    }
}
