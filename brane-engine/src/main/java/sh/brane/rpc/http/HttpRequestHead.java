package sh.brane.rpc.http;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The bytes of an HTTP/1.1 POST's head, encoded once per endpoint, and the checks of the headers that go in it. */
public final class HttpRequestHead {

    /** Set by the transport; a configured value would contradict or break the framing. */
    private static final Set<String> RESERVED_HEADERS = Set.of("host", "content-length", "connection",
            "transfer-encoding", "keep-alive", "expect", "upgrade", "te", "trailer");

    private HttpRequestHead() {
    }

    public static byte[] requestHead(URI uri, String rawHost, Map<String, String> headers) {
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String target = uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
        StringBuilder h = new StringBuilder(256).append("POST ").append(target).append(" HTTP/1.1\r\n")
                .append("Host: ").append(rawHost).append(uri.getPort() > 0 ? ":" + uri.getPort() : "").append("\r\n");
        Set<String> configured = new HashSet<>();
        headers.forEach((name, value) -> {
            checkHeader(name, value);
            configured.add(name.toLowerCase(Locale.ROOT));
        });
        if (!configured.contains("content-type")) {
            h.append("Content-Type: application/json\r\n");
        }
        if (!configured.contains("accept")) {
            h.append("Accept: application/json\r\n");
        }
        if (!configured.contains("user-agent")) {
            h.append("User-Agent: brane\r\n");
        }
        h.append("Connection: keep-alive\r\n");
        headers.forEach((name, value) -> h.append(name).append(": ").append(value).append("\r\n"));
        h.append("Content-Length: ");
        return h.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /** A call's own headers as {@code Name: value\r\n} lines, or null for none (checked by the provider). */
    public static byte[] headerLines(Map<String, String> headers) {
        if (headers.isEmpty()) {
            return null;
        }
        StringBuilder h = new StringBuilder(64 * headers.size());
        headers.forEach((name, value) -> h.append(name).append(": ").append(value).append("\r\n"));
        return h.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /** Refuses a header that would break the request; the message never shows the value (often an API key). */
    public static void checkHeader(String name, String value) {
        if (RESERVED_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException("header " + name + " is set by the HTTP transport itself");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c <= ' ' || c >= 0x7f || "()<>@,;:\\\"/[]?={}".indexOf(c) >= 0) {
                throw new IllegalArgumentException("header name " + name.replaceAll("[^!-~]", "?")
                        + " has a character not allowed in HTTP header names at index " + i);
            }
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c != '\t' && (c < ' ' || c == 0x7f || c > 0xff)) {
                throw new IllegalArgumentException("the value of header " + name
                        + " has a character not allowed in HTTP header values at index " + i);
            }
        }
    }

}
