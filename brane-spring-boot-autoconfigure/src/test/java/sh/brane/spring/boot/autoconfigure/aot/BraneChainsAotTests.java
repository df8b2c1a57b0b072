package sh.brane.spring.boot.autoconfigure.aot;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.aot.generate.ClassNameGenerator;
import org.springframework.aot.generate.DefaultGenerationContext;
import org.springframework.aot.generate.GeneratedFiles.Kind;
import org.springframework.aot.generate.InMemoryGeneratedFiles;
import org.springframework.context.aot.ApplicationContextAotGenerator;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.javapoet.ClassName;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code brane.chains} and {@code brane.signers} survive AOT processing: an application context with two chains (a
 * signer on one) and a named signer of the shorthand is processed ahead of time with the build's properties, the
 * generated code is compiled, and its initializer, run in a fresh context in AOT mode with the run-time
 * properties, registers the same beans (qualified by chain) with the run-time values, while the registrars stand
 * aside (bean definition overriding is off, so a second registration would fail).
 */
class BraneChainsAotTests {

    static final Map<String, Object> BUILD_PROPERTIES = Map.of("brane.rpc.url", "http://127.0.0.1:1",
            "brane.rpc.expected-chain-id", "31337", "brane.signers.ops.private-key", AotRun.KEY,
            "brane.chains.l1.rpc.url", "http://127.0.0.1:2", "brane.chains.l1.rpc.expected-chain-id", "1",
            "brane.chains.l2.rpc.url", "ws://127.0.0.1:3", "brane.chains.l2.rpc.expected-chain-id", "1337",
            "brane.chains.l2.signers.payer.private-key", AotRun.KEY);

    @Test
    void twoChainsAndNamedSignersAreGeneratedAheadOfTimeAndTheGeneratedInitializerRegistersThem(@TempDir Path dir)
            throws Exception {
        InMemoryGeneratedFiles files = new InMemoryGeneratedFiles();
        ClassName initializer;
        try (GenericApplicationContext build = AotRun.context(BUILD_PROPERTIES)) {
            DefaultGenerationContext generation = new DefaultGenerationContext(
                    new ClassNameGenerator(ClassName.get(AotRun.App.class)), files);
            initializer = new ApplicationContextAotGenerator().processAheadOfTime(build, generation);
            generation.writeGeneratedContent();
        }
        String sources = String.join("\n", files.getGeneratedFiles(Kind.SOURCE).values().stream()
            .map((source) -> read(source)).toList());
        // generated code, not an instance supplier: the factory methods with the names as arguments
        assertThat(sources).contains("BraneChainBeans.provider(", "BraneChainBeans.signingClient(",
                "NamedSignerBeans.signer(", "addIndexedArgumentValue(0, \"l2\")");

        Path classes = compile(dir, files);
        // one class loader for the generated classes and everything they reach, package-private included
        List<URL> urls = new ArrayList<>();
        urls.add(classes.toUri().toURL());
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            urls.add(Path.of(entry).toUri().toURL());
        }
        String previous = System.getProperty("spring.aot.enabled");
        System.setProperty("spring.aot.enabled", "true");
        try (URLClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new),
                ClassLoader.getPlatformClassLoader())) {
            Class<?> run = loader.loadClass(AotRun.class.getName());
            @SuppressWarnings("unchecked")
            Map<String, String> found = (Map<String, String>) run
                .getMethod("runtime", String.class, Map.class)
                .invoke(null, initializer.canonicalName(),
                        Map.of("brane.chains.l1.rpc.request-timeout", "7s"));
            assertThat(found).containsEntry("l1BraneProvider", "l1")
                .containsEntry("l2BraneProvider", "l2")
                .containsEntry("l1BraneClient", "l1")
                .containsEntry("l2BraneClient", "l2")
                .containsEntry("l2.payerSigner", "pinned to 1337")
                .containsEntry("l2.payerSignerCeilings", "present")
                .containsEntry("l2.payerSigningClient", "over l2BraneClient")
                .containsEntry("opsSigner", "present")
                .containsEntry("opsSigningClient", "over braneClient")
                .containsEntry("@Qualifier(l2) BraneClient", "l2BraneClient")
                .containsEntry("l1 request timeout", "PT7S")
                .containsEntry("health entries", "[default, l1, l2]");
        }
        finally {
            if (previous == null) {
                System.clearProperty("spring.aot.enabled");
            }
            else {
                System.setProperty("spring.aot.enabled", previous);
            }
        }
    }

    private static String read(org.springframework.core.io.InputStreamSource source) {
        try (InputStream in = source.getInputStream()) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        catch (IOException ex) {
            throw new IllegalStateException(ex);
        }
    }

    private static Path compile(Path dir, InMemoryGeneratedFiles files) throws IOException {
        Path sources = Files.createDirectories(dir.resolve("sources"));
        Path classes = Files.createDirectories(dir.resolve("classes"));
        List<String> arguments = new ArrayList<>(List.of("-d", classes.toString(), "-classpath",
                System.getProperty("java.class.path"), "-proc:none", "-nowarn", "-parameters"));
        for (var file : files.getGeneratedFiles(Kind.SOURCE).entrySet()) {
            Path path = sources.resolve(file.getKey());
            Files.createDirectories(path.getParent());
            Files.writeString(path, read(file.getValue()));
            arguments.add(path.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        java.io.ByteArrayOutputStream errors = new java.io.ByteArrayOutputStream();
        int status = javac.run(null, null, errors, arguments.toArray(String[]::new));
        assertThat(status).as(errors.toString()).isZero();
        for (var resource : files.getGeneratedFiles(Kind.RESOURCE).entrySet()) {
            Path path = classes.resolve(resource.getKey());
            Files.createDirectories(path.getParent());
            Files.writeString(path, read(resource.getValue()));
        }
        return classes;
    }
}
