package sh.brane.devnet;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Comparator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A real KMS-compatible server for tests: {@code nsmithuk/local-kms}, which signs {@code MessageType=DIGEST} messages
 * with {@code ECC_SECG_P256K1} keys as AWS KMS does (moto hashes the digest again; docs/signers.md). The binary is
 * built once with {@code go install} at a pinned version into {@code ~/.cache/brane/local-kms} (the Go toolchain must
 * be on the PATH); each server gets a fresh data directory and a port the kernel picks, read from its log. It binds
 * every interface (it has no host option); clients use 127.0.0.1. Stopped by its PID, also when a test fails.
 */
public final class LocalKms implements AutoCloseable {

    /** The pinned module version (the newest the Go module proxy served on 2026-11-24). */
    static final String MODULE = "github.com/nsmithuk/local-kms@v0.0.0-20260228092603-2a5e92d09ab6";
    /** The account and region local-kms puts in key ARNs; any credentials are accepted. */
    public static final String REGION = "eu-west-2";

    private static final Pattern STARTED = Pattern.compile("Local KMS started on [0-9.]*:(\\d+)");

    private final Process process;
    private final Path data;
    private final int port;

    private LocalKms(Process process, Path data, int port) {
        this.process = process;
        this.data = data;
        this.port = port;
    }

    /** Where the binary is (or will be) installed. */
    public static Path binary() {
        return Paths.get(System.getProperty("user.home"), ".cache", "brane", "local-kms", "local-kms");
    }

    /** Builds the binary if it is missing; false (with the reason on stderr) when {@code go} is not available. */
    public static synchronized boolean install() throws IOException, InterruptedException {
        Path bin = binary();
        if (Files.isExecutable(bin)) {
            return true;
        }
        Files.createDirectories(bin.getParent());
        // `go` from the PATH, else the official tarball's place (a shell that did not source its profile)
        String goCommand = Files.isExecutable(Paths.get("/usr/local/go/bin/go")) && !onPath("go")
                ? "/usr/local/go/bin/go" : "go";
        ProcessBuilder pb = new ProcessBuilder(goCommand, "install", MODULE).redirectErrorStream(true);
        pb.environment().put("GOBIN", bin.getParent().toString());
        Process go;
        try {
            go = pb.start();
        } catch (IOException e) {
            System.err.println("LocalKms: cannot run go (" + e.getMessage() + "); install Go to build local-kms");
            return false;
        }
        String output = new String(go.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!go.waitFor(10, TimeUnit.MINUTES) || go.exitValue() != 0) {
            go.destroyForcibly();
            throw new IOException("go install " + MODULE + " failed: " + output);
        }
        return Files.isExecutable(bin);
    }

    private static boolean onPath(String command) {
        String path = System.getenv("PATH");
        return path != null && Stream.of(path.split(java.io.File.pathSeparator))
                .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Paths.get(dir, command)));
    }

    /** Starts a server with a fresh data directory, building the binary first if needed. */
    public static LocalKms start() throws IOException, InterruptedException {
        if (!install()) {
            throw new IllegalStateException("local-kms is not installed and Go is not on the PATH to build it");
        }
        Path data = Files.createTempDirectory("brane-kms");
        ProcessBuilder pb = new ProcessBuilder(binary().toString()).redirectErrorStream(true);
        pb.environment().put("PORT", "0");
        pb.environment().put("KMS_REGION", REGION);
        pb.environment().put("KMS_DATA_PATH", data.toString());
        Process p = pb.start();
        CompletableFuture<Integer> port = new CompletableFuture<>();
        Thread drain = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    Matcher m = STARTED.matcher(line);
                    if (m.find()) {
                        port.complete(Integer.parseInt(m.group(1)));
                    }
                }
            } catch (IOException e) {
                // the process ended
            }
            port.completeExceptionally(new IOException("local-kms exited with " + p.exitValue() + " before it listened"));
        }, "local-kms-output");
        drain.setDaemon(true);
        drain.start();
        try {
            return new LocalKms(p, data, port.get(Duration.ofSeconds(30).toSeconds(), TimeUnit.SECONDS));
        } catch (Exception e) {
            p.destroyForcibly();
            deleteTree(data);
            throw new IOException("local-kms did not start: " + e.getMessage(), e);
        }
    }

    /** The endpoint to give the KMS client: {@code http://127.0.0.1:<port>}. */
    public String endpoint() {
        return "http://127.0.0.1:" + port;
    }

    @Override
    public void close() {
        process.destroy(); // by its PID
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        deleteTree(data);
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind
        }
    }
}
