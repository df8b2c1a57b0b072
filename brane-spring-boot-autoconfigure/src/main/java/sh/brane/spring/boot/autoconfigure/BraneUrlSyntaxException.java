package sh.brane.spring.boot.autoconfigure;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * Thrown when the node URL is malformed or has an unsupported scheme. The message shows at most the URL's
 * scheme, host and port: the rest may hold an API key.
 */
public class BraneUrlSyntaxException extends RuntimeException {

    private final String displayUrl;

    private final String reason;

    BraneUrlSyntaxException(String url, String reason) {
        super("Invalid Ethereum node URL '" + display(url) + "': " + reason);
        this.displayUrl = display(url);
        this.reason = reason;
    }

    /** The URL as safe to show: scheme, host and port only. */
    public String getDisplayUrl() {
        return this.displayUrl;
    }

    /** What is wrong with it. */
    public String getReason() {
        return this.reason;
    }

    private static String display(String url) {
        if (url == null || url.isBlank()) {
            return "";
        }
        try {
            URI uri = new URI(url.strip());
            if (uri.getScheme() != null && uri.getHost() != null) {
                return BraneUrl.redact(uri);
            }
            if (uri.getScheme() != null) {
                return uri.getScheme() + ":<hidden>";
            }
        } catch (URISyntaxException ex) {
            // fall through: show nothing of a value we cannot split safely
        }
        return "<hidden, " + url.length() + " characters>";
    }
}
