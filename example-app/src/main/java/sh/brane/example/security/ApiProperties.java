package sh.brane.example.security;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/** The API's credential and request limits ({@code app.api.*}). */
@ConfigurationProperties("app.api")
public class ApiProperties {

    /** User name for HTTP Basic on every request but GET and HEAD (payments). */
    private String username = "payments";

    /**
     * Password for HTTP Basic, at least 16 characters; required. The default profile sets a public development
     * password, accepted only while the signer is one of Anvil's public development accounts. Cleared from this
     * bean once the authentication provider holds its digest.
     */
    private String password;

    /** Largest request body read; larger ones (declared or chunked) are answered 413 unread. */
    private DataSize maxBodySize = DataSize.ofKilobytes(16);

    public String getUsername() {
        return username;
    }

    public void setUsername(String username) {
        this.username = username;
    }

    public String getPassword() {
        return password;
    }

    public void setPassword(String password) {
        this.password = password;
    }

    public DataSize getMaxBodySize() {
        return maxBodySize;
    }

    public void setMaxBodySize(DataSize maxBodySize) {
        this.maxBodySize = maxBodySize;
    }
}
