package sh.brane.example;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A plain HTTP client for the running app: what a user's curl would do, with JSON parsing. */
final class Http {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;
    /** The Authorization header sent with every request, or null for none. */
    private final String authorization;

    Http(int port) {
        this("http://127.0.0.1:" + port, null);
    }

    private Http(String base, String authorization) {
        this.base = base;
        this.authorization = authorization;
    }

    /** The same client sending HTTP Basic credentials, as {@code curl -u user:password} does. */
    Http withBasicAuth(String username, String password) {
        String token = java.util.Base64.getEncoder().encodeToString((username + ":" + password)
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return new Http(base, "Basic " + token);
    }

    Response get(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    Response post(String path, String json) {
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    /** A JSON POST with one extra request header (e.g. {@code Idempotency-Key}). */
    Response post(String path, String json, String header, String value) {
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "application/json").header(header, value)
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    HttpResponse<java.io.InputStream> stream(String path) throws IOException, InterruptedException {
        return client.send(HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30)).GET().build(),
                HttpResponse.BodyHandlers.ofInputStream());
    }

    /** A POST of {@code body} with any content type, sent with a Content-Length or (unknown length) chunked. */
    Response post(String path, String contentType, byte[] body, boolean chunked) {
        HttpRequest.BodyPublisher publisher = chunked
                ? HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(body))
                : HttpRequest.BodyPublishers.ofByteArray(body);
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", contentType).POST(publisher));
    }

    private Response send(HttpRequest.Builder request) {
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        try {
            HttpResponse<String> r = client.send(request.timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofString());
            return new Response(r.statusCode(), r.headers().firstValue("Content-Type").orElse(""), r.body(),
                    r.headers().firstValue("WWW-Authenticate").orElse(""));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    record Response(int status, String contentType, String body, String wwwAuthenticate) {

        Response(int status, String contentType, String body) {
            this(status, contentType, body, "");
        }

        JsonNode json() {
            return JSON.readTree(body);
        }

        @Override
        public String toString() {
            return status + " " + contentType + " " + body;
        }
    }
}
