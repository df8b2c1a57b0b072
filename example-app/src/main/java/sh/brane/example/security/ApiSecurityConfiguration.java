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
import sh.brane.core.crypto.PrivateKey;
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
        AuthenticationEntryPoint unauthorized = (request, response, e) -> unauthorized(response);
        return http
                .authorizeHttpRequests(requests -> requests
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

    @Bean
    ApiCredentials apiCredentials(ApiProperties properties, ObjectProvider<PrivateKey> signer) {
        PrivateKey key = signer.getIfAvailable();
        ApiCredentials credentials = ApiCredentials.of(properties.getUsername(), properties.getPassword(),
                key == null ? null : key.address());
        // the provider holds digests; the properties bean (alive as long as the app) keeps no copy of the password
        properties.setPassword(null);
        return credentials;
    }

    @Bean
    RequestBodyLimitFilter requestBodyLimitFilter(ApiProperties properties) {
        return new RequestBodyLimitFilter(Math.toIntExact(properties.getMaxBodySize().toBytes()));
    }

    private static void unauthorized(HttpServletResponse response) throws IOException {
        response.setHeader("WWW-Authenticate", "Basic realm=\"" + REALM + "\"");
        ProblemResponses.write(response, HttpServletResponse.SC_UNAUTHORIZED, "unauthorized",
                "Authentication required", "payments need the API credential: send HTTP Basic with app.api.username"
                        + " and app.api.password (curl -u user:password)");
    }
}
