package sh.brane.example.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.AuthorityUtils;
import sh.brane.core.types.Address;
import sh.brane.devnet.DevAccount;
import sh.brane.spring.boot.autoconfigure.InvalidBranePropertyException;

/**
 * The one API credential, checked in constant time. It keeps SHA-256 digests of the user name and password, not
 * the password: comparing digests with {@link MessageDigest#isEqual} takes the same time whatever the guess, and
 * no per-request bcrypt is needed because the password is a long random secret from configuration, not a person's
 * password (bcrypt is slow on purpose, and its cost would fall on every payment request).
 */
final class ApiCredentials implements AuthenticationProvider {

    /** The public password of the default (development) profile, set in application.yml. */
    static final String DEVELOPMENT_PASSWORD = "devnet-only-public-password";

    static final int MIN_PASSWORD_LENGTH = 16;

    private static final String FIX = "set APP_API_PASSWORD (app.api.password) to a random secret of at least "
            + MIN_PASSWORD_LENGTH + " characters, e.g. the output of `openssl rand -base64 24`";

    private final String username;
    private final byte[] usernameDigest;
    private final byte[] passwordDigest;

    private ApiCredentials(String username, String password) {
        this.username = username;
        this.usernameDigest = sha256(username);
        this.passwordDigest = sha256(password);
    }

    /**
     * Checks the configured credential: a password is required, of at least 16 characters, and the public
     * development password only guards a public development key (the signer is one of Anvil's default accounts),
     * so it cannot end up in front of a real key.
     *
     * @param signer the address the service pays from, or null when it has no signer
     */
    static ApiCredentials of(String username, String password, Address signer) {
        if (username == null || username.isBlank()) {
            throw new InvalidConfigurationPropertyValueException("app.api.username", username,
                    "a user name is required for the payments API: set APP_API_USERNAME (app.api.username), or leave it"
                            + " unset for the default \"payments\"");
        }
        if (password == null || password.isBlank()) {
            throw new InvalidConfigurationPropertyValueException("app.api.password", "(not set)",
                    "payments (POST /api/transfers) need a password and there is no default outside the development"
                            + " profile: " + FIX);
        }
        if (password.equals(DEVELOPMENT_PASSWORD)) {
            if (signer != null && !isDevelopmentAccount(signer)) {
                throw new InvalidConfigurationPropertyValueException("app.api.password", "(the public development"
                        + " password)", "it is published in application.yml, so it may only guard one of Anvil's"
                        + " public development accounts, and the signer is " + signer.toChecksumString() + ": "
                        + FIX);
            }
        } else if (password.length() < MIN_PASSWORD_LENGTH) {
            // not Boot's exception: its failure analyzer would print the password it finds in the environment
            throw new InvalidBranePropertyException("app.api.password", "******", "it has "
                    + password.length() + " characters, fewer than " + MIN_PASSWORD_LENGTH + ": " + FIX);
        }
        return new ApiCredentials(username, password);
    }

    private static boolean isDevelopmentAccount(Address signer) {
        List<DevAccount> accounts = DevAccount.defaults();
        return accounts.stream().anyMatch(a -> Address.of(a.address()).equals(signer));
    }

    @Override
    public Authentication authenticate(Authentication authentication) {
        boolean user = MessageDigest.isEqual(sha256(authentication.getName()), usernameDigest);
        boolean password = authentication.getCredentials() instanceof String given
                && MessageDigest.isEqual(sha256(given), passwordDigest);
        // both compared before deciding, so the time says nothing about which one was wrong
        if (user & password) {
            return UsernamePasswordAuthenticationToken.authenticated(username, null,
                    AuthorityUtils.createAuthorityList("ROLE_PAYER"));
        }
        throw new BadCredentialsException("wrong API user name or password");
    }

    @Override
    public boolean supports(Class<?> authentication) {
        return UsernamePasswordAuthenticationToken.class.isAssignableFrom(authentication);
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
