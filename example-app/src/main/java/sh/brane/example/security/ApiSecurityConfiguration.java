package sh.brane.example.security;

import java.io.IOException;

import jakarta.servlet.http.HttpServletResponse;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.SecurityFilterChain;
import java.time.Clock;

import sh.brane.signer.Signer;
import sh.brane.example.web.ProblemResponses;
import sh.brane.example.web.RequestBodyLimitFilter;

/**
 * Who may spend the service's key: every request but GET and HEAD (today {@code POST /api/transfers}, and any
 * write endpoint added later) needs HTTP Basic with {@code app.api.username} / {@code app.api.password}; reads (the
 * API's GETs, the dashboard, {@code /actuator/health} and the metrics) stay open. Request bodies are capped at
 * {@code app.api.max-body-size}.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ApiProperties.class)
class ApiSecurityConfiguration {

    private static final String REALM = "brane-example";

    @Bean
    SecurityFilterChain apiSecurity(HttpSecurity http, ApiCredentials credentials) throws Exception {
        AuthenticationEntryPoint unauthorized = (request, response, e) -> {
            if (e instanceof TooManyFailedLoginsException throttled) {
                tooManyFailures(response, throttled.retryAfterSeconds());
            } else {
                unauthorized(response);
            }
        };
        return http
                .authorizeHttpRequests(requests -> requests
                        // health (for load balancers) and info stay open; the rest of the actuator shows the
                        // signer, journalled hashes and nonces, meters: the API credential
                        .requestMatchers("/actuator/health", "/actuator/health/**", "/actuator/info").permitAll()
                        .requestMatchers("/actuator/**").authenticated()
                        .requestMatchers(HttpMethod.GET, "/**").permitAll()
                        .requestMatchers(HttpMethod.HEAD, "/**").permitAll()
                        .requestMatchers("/error").permitAll()
                        // closed by default: a write endpoint added later needs the credential without a new rule
                        .anyRequest().authenticated())
                .authenticationProvider(credentials)
                .httpBasic(basic -> basic.realmName(REALM).authenticationEntryPoint(unauthorized))
                .exceptionHandling(exceptions -> exceptions.authenticationEntryPoint(unauthorized))
                // no login session and no cookie: each payment carries its credential
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                // CSRF rides on credentials a browser adds by itself. The API has no session cookie, and its writes
                // take only application/json (TransferController), which a page of another origin can send only
                // after a CORS preflight this app never grants, so a cross-site request cannot reach them with the
                // credential even when the browser has cached it. The dashboard only reads and posts nothing.
                .csrf(csrf -> csrf.ignoringRequestMatchers("/api/**"))
                .build();
    }

    /** Failed logins per remote address: 10 a minute, then 429 until the minute is over. */
    @Bean
    FailedLoginThrottle failedLoginThrottle() {
        return new FailedLoginThrottle(Clock.systemUTC());
    }

    /**
     * The guard on the public development password reads every {@link Signer}'s address, so it covers every kind of
     * signer (a local key, a keystore, an HSM, a KMS), not only a local {@code PrivateKey}.
     */
    @Bean
    ApiCredentials apiCredentials(ApiProperties properties, ObjectProvider<Signer> signer,
            FailedLoginThrottle throttle) {
        // every signer the service may pay with (brane.signer and each brane.signers.<name>)
        java.util.List<sh.brane.core.types.Address> paying = signer.orderedStream().map(Signer::address).toList();
        ApiCredentials credentials = ApiCredentials.of(properties.getUsername(), properties.getPassword(), paying)
                .throttledBy(throttle);
        // the provider holds digests; the properties bean (alive as long as the app) keeps no copy of the password
        properties.setPassword(null);
        return credentials;
    }

    @Bean
    RequestBodyLimitFilter requestBodyLimitFilter(ApiProperties properties) {
        return new RequestBodyLimitFilter(Math.toIntExact(properties.getMaxBodySize().toBytes()));
    }

    private static void tooManyFailures(HttpServletResponse response, long retryAfterSeconds) throws IOException {
        response.setHeader("Retry-After", String.valueOf(retryAfterSeconds));
        ProblemResponses.write(response, 429, "too-many-failed-logins", "Too many failed logins",
                "this address sent " + FailedLoginThrottle.MAX_FAILURES + " wrong credentials within "
                        + FailedLoginThrottle.WINDOW.toSeconds() + " s; try again in " + retryAfterSeconds + " s");
    }

    private static void unauthorized(HttpServletResponse response) throws IOException {
        response.setHeader("WWW-Authenticate", "Basic realm=\"" + REALM + "\"");
        ProblemResponses.write(response, HttpServletResponse.SC_UNAUTHORIZED, "unauthorized",
                "Authentication required", "payments need the API credential: send HTTP Basic with app.api.username"
                        + " and app.api.password (curl -u user:password)");
    }
}
