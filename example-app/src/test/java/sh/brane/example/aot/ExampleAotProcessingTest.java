package sh.brane.example.aot;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplicationAotProcessor;
import org.springframework.context.aot.AbstractAotProcessor;
import org.springframework.javapoet.ClassName;
import sh.brane.devnet.DevAccount;
import sh.brane.example.ExampleApplication;
import sh.brane.spring.boot.autoconfigure.aot.BraneRuntimeHints;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Ahead-of-time processing of the whole service, as {@code spring-boot:process-aot} does it, but inside the test
 * suite (so on the build's JDK 21+, whatever JDK Maven itself runs on): the generated application context holds
 * the starter's beans, and the generated reachability metadata holds what a native image needs to read the BIP-39
 * word list, run the Disruptor, and build the ERC-20 contract proxy.
 */
class ExampleAotProcessingTest {

    @Test
    void processesTheServiceAndItsNativeHints(@TempDir Path out) throws IOException {
        AbstractAotProcessor.Settings settings = AbstractAotProcessor.Settings.builder()
            .sourceOutput(out.resolve("sources"))
            .resourceOutput(out.resolve("resources"))
            .classOutput(out.resolve("classes"))
            .groupId("sh.brane")
            .artifactId("example-app")
            .build();
        // the node profile, as a native image would run: build-time conditions see a configured node (no connection
        // is made while processing), and the devnet is skipped during AOT processing anyway
        String[] args = { "--spring.profiles.active=node", "--brane.rpc.url=wss://node.example/ws",
                "--brane.rpc.expected-chain-id=1",
                "--brane.signer.private-key=" + DevAccount.defaults().get(0).privateKey(),
                "--app.api.password=aot-processing-password-123" };
        ClassName initializer = new SpringApplicationAotProcessor(ExampleApplication.class, settings, args).process();
        assertThat(initializer.canonicalName())
            .isEqualTo("sh.brane.example.ExampleApplication__ApplicationContextInitializer");

        String sources = readAll(out.resolve("sources"));
        assertThat(sources).contains("braneProvider", "braneClient", "braneHealthContributor")
            .doesNotContain("braneDevnetAnvil");

        JsonNode metadata = JsonMapper.shared().readTree(out.resolve("resources")
            .resolve("META-INF/native-image/sh.brane/example-app/reachability-metadata.json").toFile());
        List<String> globs = metadata.get("resources").valueStream()
            .filter((r) -> r.has("glob")).map((r) -> r.get("glob").asString()).toList();
        assertThat(globs).contains(BraneRuntimeHints.BIP39_WORD_LIST, ExampleRuntimeHints.TOKEN_ABI,
                ExampleRuntimeHints.TOKEN_BIN);
        String reflection = metadata.get("reflection").toString();
        assertThat(reflection).contains("\"proxy\":[\"sh.brane.example.token.Erc20\"]")
            .contains("com.lmax.disruptor.Sequence")
            .contains("jdk.net.ExtendedSocketOptions");
    }

    private static String readAll(Path dir) throws IOException {
        StringBuilder all = new StringBuilder();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.filter((f) -> f.toString().endsWith(".java")).toList()) {
                all.append(Files.readString(file, StandardCharsets.UTF_8));
            }
        }
        return all.toString();
    }
}
