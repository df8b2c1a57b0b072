package sh.brane.example;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.DevAccount;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The repackaged jar ({@code target/example-app-*.jar}, without brane-devnet) starts with {@code java -jar} in the
 * {@code node} profile against a node of the test's own, and a second start on the same journal uses the token the
 * first one deployed. Runs in the package phase, after the repackage (see the pom); run by hand with
 * {@code ./mvnw -pl example-app -am package}. The jar of 5ffda0f stopped at start-up with
 * {@code NoClassDefFoundError: sh/brane/devnet/DevAccount}.
 */
class PackagedJarTest {
    private static final String API_PASSWORD = "test-only-api-password-0123";
    private static Anvil node;
    private static Path journal;

    @BeforeAll
    static void startNode() throws IOException {
        node = Anvil.start();
        journal = Files.createTempDirectory("brane-example-jar");
    }

    @AfterAll
    static void stopNode() {
        if (node != null) {
            node.close();
        }
    }

    private static Path jar() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("target"))) {
            return files.filter(p -> p.getFileName().toString().matches("example-app-.*\\.jar"))
                    .filter(p -> !p.getFileName().toString().endsWith("-plain.jar")).findFirst().orElse(null);
        }
    }

    @Test
    void theJarStartsInTheNodeProfileAndARestartKeepsItsToken() throws Exception {
        Path jar = jar();
        assumeTrue(jar != null, "no packaged jar in target/: run ./mvnw -pl example-app -am package");
        String first = startAndReadToken(jar);
        String second = startAndReadToken(jar);
        assertThat(second).as("the restart on the same journal deployed no new token").isEqualTo(first);
    }

    /** Starts the jar, waits for the API, reads the token's address, stops it. */
    private static String startAndReadToken(Path jar) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path log = Files.createTempFile("brane-example-jar", ".log");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-jar", jar.toString(), "--spring.profiles.active=node", "--server.port=" + port,
                "--brane.rpc.url=" + node.httpUrl(), "--brane.rpc.expected-chain-id=" + node.chainId(),
                "--brane.signer.private-key=" + DevAccount.defaults().get(4).privateKey(),
                "--app.api.password=" + API_PASSWORD, "--app.traffic.enabled=false",
                "--spring.datasource.url=jdbc:h2:file:" + journal.resolve("journal")));
        Process app = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            Http http = new Http(port);
            long deadline = System.nanoTime() + Duration.ofSeconds(180).toNanos();
            while (System.nanoTime() < deadline) {
                assertThat(app.isAlive()).as("the jar stopped:\n" + Files.readString(log)).isTrue();
                try {
                    Http.Response tokens = http.get("/api/tokens");
                    if (tokens.status() == 200) {
                        return tokens.json().get("address").asString();
                    }
                } catch (java.io.UncheckedIOException notYetListening) {
                    // still starting
                }
                Thread.sleep(200);
            }
            throw new AssertionError("the jar did not answer in 180 s:\n" + Files.readString(log));
        } finally {
            app.destroy();
            app.waitFor();
        }
    }
}
