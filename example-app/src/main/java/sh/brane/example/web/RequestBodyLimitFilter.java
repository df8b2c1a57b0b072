package sh.brane.example.web;

import java.io.ByteArrayInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses request bodies over a small limit with 413, before anything parses them. A declared Content-Length over
 * the limit is refused unread; a body of unknown length (chunked) is read up to one byte past the limit, refused if
 * it gets there, and otherwise handed on from memory. Jackson reads the stream as it comes, so without this a
 * 30 MB body of whitespace around a valid transfer was parsed, and paid.
 */
public final class RequestBodyLimitFilter extends OncePerRequestFilter {

    private final int limit;

    public RequestBodyLimitFilter(int limitBytes) {
        if (limitBytes < 1) {
            throw new IllegalArgumentException("the body limit must be at least 1 byte, got " + limitBytes);
        }
        this.limit = limitBytes;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        long declared = request.getContentLengthLong();
        if (declared > limit) {
            tooLarge(response);
            return;
        }
        if (declared >= 0 || request.getHeader("Transfer-Encoding") == null) {
            // a known length within the limit (the container reads no further), or no body at all
            chain.doFilter(request, response);
            return;
        }
        byte[] body = request.getInputStream().readNBytes(limit + 1);
        if (body.length > limit) {
            tooLarge(response);
            return;
        }
        chain.doFilter(new BufferedBodyRequest(request, body), response);
    }

    private void tooLarge(HttpServletResponse response) throws IOException {
        ProblemResponses.write(response, HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE, "body-too-large",
                "Request body too large", "the request body is larger than " + limit + " bytes (app.api.max-body-size);"
                        + " a transfer request is a few hundred bytes");
    }

    /** The request with its (small) body already read into memory. */
    private static final class BufferedBodyRequest extends HttpServletRequestWrapper {

        private final byte[] body;

        BufferedBodyRequest(HttpServletRequest request, byte[] body) {
            super(request);
            this.body = body;
        }

        @Override
        public int getContentLength() {
            return body.length;
        }

        @Override
        public long getContentLengthLong() {
            return body.length;
        }

        @Override
        public ServletInputStream getInputStream() {
            ByteArrayInputStream in = new ByteArrayInputStream(body);
            return new ServletInputStream() {
                @Override
                public int read() {
                    return in.read();
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    return in.read(b, off, len);
                }

                @Override
                public boolean isFinished() {
                    return in.available() == 0;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new UnsupportedOperationException("the body is already in memory; read it directly");
                }
            };
        }

        @Override
        public BufferedReader getReader() {
            String encoding = getCharacterEncoding();
            Charset charset = encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding);
            return new BufferedReader(new InputStreamReader(getInputStream(), charset));
        }
    }
}
