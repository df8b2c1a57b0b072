package sh.brane.spring.boot.autoconfigure;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * A parsed node URL. Its {@link #toString()} shows only scheme, host and port: the path and query of hosted
 * node URLs often hold an API key.
 */
record BraneUrl(URI uri, boolean webSocket) {

    static BraneUrl parse(String url) {
        if (url == null || url.isBlank()) {
            throw new BraneUrlSyntaxException(url, "it is empty");
        }
        URI uri;
        try {
            uri = new URI(url.strip());
        } catch (URISyntaxException ex) {
            throw new BraneUrlSyntaxException(url, "it is not a valid URI (" + ex.getReason() + " at index "
                    + ex.getIndex() + ")");
        }
        String scheme = uri.getScheme();
        if (scheme == null) {
            throw new BraneUrlSyntaxException(url, "it has no scheme");
        }
        boolean webSocket = switch (scheme.toLowerCase(Locale.ROOT)) {
            case "ws", "wss" -> true;
            case "http", "https" -> false;
            default -> throw new BraneUrlSyntaxException(url, "its scheme '" + scheme + "' is not supported");
        };
        if (uri.getHost() == null) {
            throw new BraneUrlSyntaxException(url, "it names no host");
        }
        return new BraneUrl(uri, webSocket);
    }

    /** {@code scheme://host:port}, safe to log. */
    String redacted() {
        return redact(this.uri);
    }

    static String redact(URI uri) {
        String port = (uri.getPort() != -1) ? ":" + uri.getPort() : "";
        boolean hidden = (uri.getRawPath() != null && uri.getRawPath().length() > 1) || uri.getRawQuery() != null
                || uri.getRawUserInfo() != null;
        return uri.getScheme() + "://" + uri.getHost() + port + (hidden ? "/<hidden>" : "");
    }

    @Override
    public String toString() {
        return redacted();
    }
}
