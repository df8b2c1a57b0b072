package sh.brane.fuzzing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Shared checks of the fuzz tests: a parser may throw only its documented exception types, each with a
 * message that says something; anything else (an {@code ArrayIndexOutOfBoundsException}, a
 * {@code NullPointerException}, an {@code OutOfMemoryError}, a {@code StackOverflowError}) is a finding.
 */
public final class FuzzSupport {

    /** Inputs longer than this are shown truncated in failure messages. */
    private static final int SHOWN_BYTES = 512;

    private FuzzSupport() {
    }

    /** Code under test that may throw anything. */
    @FunctionalInterface
    public interface Action<T> {
        T run() throws Throwable;
    }

    /**
     * Runs {@code action}; returns its result, or {@code null} if it threw one of {@code allowed} (with a
     * non-blank message). Any other throwable becomes an {@link AssertionError} naming the input.
     */
    @SafeVarargs
    public static <T> T expectOnly(byte[] input, Action<T> action, Class<? extends Throwable>... allowed) {
        try {
            return action.run();
        } catch (Throwable t) {
            for (Class<? extends Throwable> ok : allowed) {
                if (ok.isInstance(t)) {
                    if (t.getMessage() == null || t.getMessage().isBlank()) {
                        throw new AssertionError(t.getClass().getName() + " without a message for input "
                                + show(input), t);
                    }
                    return null;
                }
            }
            throw new AssertionError("unexpected " + t.getClass().getName() + " for input " + show(input), t);
        }
    }

    /** Hex of {@code input} (truncated), for failure messages. */
    public static String show(byte[] input) {
        if (input == null) {
            return "null";
        }
        HexFormat hex = HexFormat.of();
        return input.length <= SHOWN_BYTES
                ? "0x" + hex.formatHex(input) + " (" + input.length + " bytes)"
                : "0x" + hex.formatHex(input, 0, SHOWN_BYTES) + "... (" + input.length + " bytes)";
    }

    /** True when the seed corpora should be (re)written: {@code -Dbrane.fuzz.writeSeeds=true}. */
    public static boolean writingSeeds() {
        return Boolean.getBoolean("brane.fuzz.writeSeeds");
    }

    /**
     * Writes {@code seeds} (file name to bytes) into Jazzer's input directory of a fuzz test in the source
     * tree, {@code src/test/resources/<package>/<Class>Inputs/<method>/}, replacing files of the same name.
     */
    public static void writeSeeds(Class<?> testClass, String method, Map<String, byte[]> seeds) {
        Path dir = Path.of("src/test/resources", testClass.getPackageName().replace('.', '/'),
                testClass.getSimpleName() + "Inputs", method);
        try {
            Files.createDirectories(dir);
            for (Map.Entry<String, byte[]> e : seeds.entrySet()) {
                Files.write(dir.resolve(e.getKey()), e.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The committed inputs (seeds and regression crashes) of a fuzz test, read from the test class path. */
    public static List<byte[]> inputs(Class<?> testClass, String method) {
        URL url = testClass.getResource(testClass.getSimpleName() + "Inputs/" + method);
        if (url == null) {
            throw new AssertionError("no inputs directory for " + testClass.getSimpleName() + "#" + method);
        }
        List<byte[]> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(Path.of(url.toURI()))) {
            for (Path f : files.sorted().toList()) {
                out.add(Files.readAllBytes(f));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }
}
