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
import org.springframework.security.web.authentication.WebAuthenticationDetails;
import sh.brane.core.types.Address;
import sh.brane.spring.boot.autoconfigure.InvalidBranePropertyException;

/**
 * The one API credential, checked in constant time. It keeps SHA-256 digests of the user name and password, not
 * the password: comparing digests with {@link MessageDigest#isEqual} takes the same time whatever the guess, and
 * no per-request bcrypt is needed because the password is a long random secret from configuration, not a person's
 * password (bcrypt is slow on purpose, and its cost would fall on every payment request).
 */
final class ApiCredentials implements AuthenticationProvider {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ApiCredentials.class);

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
        return of(username, password, signer == null ? List.of() : List.of(signer));
    }

    /** As {@link #of(String, String, Address)}, for every signer the service may pay with. */
    static ApiCredentials of(String username, String password, List<Address> signers) {
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
            Address signer = signers.stream().filter(a -> !isDevelopmentAccount(a)).findFirst().orElse(null);
            if (signer != null) {
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

    /**
     * The 10 accounts Anvil funds from its public mnemonic ({@code test test ... junk}), addresses only. Written out
     * here rather than read from {@code sh.brane.devnet.DevAccount}: brane-devnet is a development dependency left
     * out of the packaged jar, and reading it there stopped the {@code node} profile with NoClassDefFoundError.
     */
    static final List<Address> DEVELOPMENT_ACCOUNTS = List.of(
            Address.of("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"),
            Address.of("0x70997970C51812dc3A010C7d01b50e0d17dc79C8"),
            Address.of("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"),
            Address.of("0x90F79bf6EB2c4f870365E785982E1f101E93b906"),
            Address.of("0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65"),
            Address.of("0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc"),
            Address.of("0x976EA74026E726554dB657fA54763abd0C3a0aa9"),
            Address.of("0x14dC79964da2C08b23698B3D3cc7Ca32193d9955"),
            Address.of("0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f"),
            Address.of("0xa0Ee7A142d267C1f36714E4a8F75612F20a79720"));

    private static boolean isDevelopmentAccount(Address signer) {
        return DEVELOPMENT_ACCOUNTS.contains(signer);
    }

    /** Failed logins are throttled per remote address and logged; set by the security configuration. */
    private FailedLoginThrottle throttle;

    ApiCredentials throttledBy(FailedLoginThrottle throttle) {
        this.throttle = throttle;
        return this;
    }

    @Override
    public Authentication authenticate(Authentication authentication) {
        String from = authentication.getDetails() instanceof WebAuthenticationDetails web
                ? web.getRemoteAddress() : "unknown";
        if (throttle != null) {
            long wait = throttle.blockedForSeconds(from);
            if (wait > 0) {
                throw new TooManyFailedLoginsException(wait);
            }
        }
        boolean user = MessageDigest.isEqual(sha256(authentication.getName()), usernameDigest);
        boolean password = authentication.getCredentials() instanceof String given
                && MessageDigest.isEqual(sha256(given), passwordDigest);
        // both compared before deciding, so the time says nothing about which one was wrong
        if (user & password) {
            return UsernamePasswordAuthenticationToken.authenticated(username, null,
                    AuthorityUtils.createAuthorityList("ROLE_PAYER"));
        }
        int failures = throttle == null ? 0 : throttle.failed(from);
        // never the password; the user name as typed may be anything, so it is escaped and cut
        LOG.warn("failed API login from {} as user {} ({} failures in the last {} s)", from,
                printable(authentication.getName()), failures, FailedLoginThrottle.WINDOW.toSeconds());
        throw new BadCredentialsException("wrong API user name or password");
    }

    private static String printable(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < s.length() && i < 40; i++) {
            char c = s.charAt(i);
            out.append(c >= 0x20 && c < 0x7f && c != '"' && c != '\\' ? String.valueOf(c)
                    : String.format("\\u%04x", (int) c));
        }
        return out.append(s.length() > 40 ? "...\"" : "\"").toString();
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
