package sh.brane.example.web;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import jakarta.servlet.http.HttpServletResponse;

/**
 * An RFC 9457 problem written straight to the response, for the filters that answer before Spring MVC does (the
 * body cap, authentication); {@link ProblemDetails} answers the rest in the same shape.
 */
public final class ProblemResponses {

    static final String TYPE_BASE = "https://brane.sh/problems/";

    private ProblemResponses() {
    }

    /** {@code title} and {@code detail} are the app's own text (no request input), so plain JSON escaping suffices. */
    public static void write(HttpServletResponse response, int status, String type, String title, String detail)
            throws IOException {
        response.setStatus(status);
        response.setContentType("application/problem+json");
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.getWriter().write("{\"type\":\"" + TYPE_BASE + type + "\",\"title\":\"" + json(title)
                + "\",\"status\":" + status + ",\"detail\":\"" + json(detail) + "\"}");
    }

    private static String json(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
