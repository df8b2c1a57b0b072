package sh.brane.rpc;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The opening handshake of a caller-thread WebSocket connection ({@link CallerThreadWs}), RFC 6455 section 4: the
 * upgrade request, with the provider's own headers (which may carry a key: never logged nor put in an error), and the
 * check of the node's {@code 101} answer. The URL's userinfo is never sent (the shared connection does not send it
 * either).
 */
final class CallerWsHandshake {

    private static final String GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

    private final byte[] requestBeforeKey;
    private final byte[] requestAfterKey;

    CallerWsHandshake(URI uri, int port, Map<String, String> headers) {
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        if (uri.getRawQuery() != null) {
            path += "?" + uri.getRawQuery();
        }
        String host = uri.getHost() + (port == 80 ? "" : ":" + port);
        StringBuilder after = new StringBuilder("\r\nSec-WebSocket-Version: 13\r\n");
        headers.forEach((name, value) -> after.append(name).append(": ").append(value).append("\r\n"));
        after.append("\r\n");
        this.requestBeforeKey = ("GET " + path + " HTTP/1.1\r\nHost: " + host
                + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ")
                .getBytes(StandardCharsets.ISO_8859_1);
        this.requestAfterKey = after.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A new random key, as the request's {@code Sec-WebSocket-Key}. */
    static String newKey() {
        byte[] nonce = new byte[16];
        ThreadLocalRandom.current().nextBytes(nonce);
        return Base64.getEncoder().encodeToString(nonce);
    }

    /** The upgrade request carrying {@code key}. */
    byte[] request(String key) {
        byte[] k = key.getBytes(StandardCharsets.ISO_8859_1);
        byte[] out = new byte[requestBeforeKey.length + k.length + requestAfterKey.length];
        System.arraycopy(requestBeforeKey, 0, out, 0, requestBeforeKey.length);
        System.arraycopy(k, 0, out, requestBeforeKey.length, k.length);
        System.arraycopy(requestAfterKey, 0, out, requestBeforeKey.length + k.length, requestAfterKey.length);
        return out;
    }

    /**
     * Checks the node's answer head (status line and headers, without the blank line) to the request with {@code key}.
     *
     * @throws IOException naming what was wrong (never a header's value beyond the status)
     */
    static void check(String head, String key) throws IOException {
        String[] lines = head.split("\r\n");
        String[] status = lines[0].split(" ", 3);
        if (status.length < 2 || !status[0].startsWith("HTTP/1.")) {
            throw new IOException("WebSocket handshake failed: the answer is not HTTP/1.x");
        }
        if (!"101".equals(status[1])) {
            throw new IOException("WebSocket handshake failed: HTTP " + NodeText.of(status[1]) + " instead of 101");
        }
        String accept = null;
        boolean upgrade = false;
        boolean connection = false;
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String name = lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = lines[i].substring(colon + 1).trim();
            switch (name) {
                case "sec-websocket-accept" -> accept = value;
                case "upgrade" -> upgrade = value.equalsIgnoreCase("websocket");
                case "connection" -> connection = value.toLowerCase(Locale.ROOT).contains("upgrade");
                case "sec-websocket-extensions" -> {
                    if (!value.isEmpty()) {
                        // none was asked for: frames with extension bits would be misread
                        throw new IOException("WebSocket handshake failed: the node chose an extension not asked for");
                    }
                }
                default -> { }
            }
        }
        if (!upgrade || !connection) {
            throw new IOException("WebSocket handshake failed: no Upgrade: websocket / Connection: Upgrade");
        }
        if (!expectedAccept(key).equals(accept)) {
            throw new IOException("WebSocket handshake failed: wrong Sec-WebSocket-Accept");
        }
    }

    static String expectedAccept(String key) {
        try {
            byte[] sha1 = MessageDigest.getInstance("SHA-1")
                    .digest((key + GUID).getBytes(StandardCharsets.ISO_8859_1));
            return Base64.getEncoder().encodeToString(sha1);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is missing from this JDK", e);
        }
    }
}
