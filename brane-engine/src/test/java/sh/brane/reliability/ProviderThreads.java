package sh.brane.reliability;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The platform threads a provider starts: its own threads carry {@code brane-} names, and the JDK HTTP
 * client's selector thread is named {@code HttpClient-<n>-SelectorManager}. Virtual threads (callbacks) are not listed by
 * the JVM and are not counted.
 */
final class ProviderThreads {

    private ProviderThreads() {
    }

    static Set<Thread> snapshot() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && isProviderThread(t.getName()))
                .collect(Collectors.toSet());
    }

    static boolean isProviderThread(String name) {
        // HttpProvider gives its JDK client a virtual-thread executor, so of the client's threads only the
        // selector is a platform thread ("HttpClient-<n>-Worker-<m>" belong to clients without an executor,
        // such as the one Anvil probes with)
        return name.startsWith("brane-") || name.startsWith("HttpClient-") && name.endsWith("-SelectorManager");
    }

    /**
     * Live threads, virtual ones included, whose name starts with {@code prefix}, from a JSON thread dump
     * (the only JDK view that lists virtual threads, e.g. a provider's callback threads).
     */
    static List<String> allNamed(String prefix) {
        try {
            com.sun.management.HotSpotDiagnosticMXBean bean = java.lang.management.ManagementFactory
                    .getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
            java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("threads");
            java.nio.file.Path file = dir.resolve("dump.json");
            bean.dumpThreads(file.toString(), com.sun.management.HotSpotDiagnosticMXBean.ThreadDumpFormat.JSON);
            String json = java.nio.file.Files.readString(file);
            java.nio.file.Files.delete(file);
            java.nio.file.Files.delete(dir);
            List<String> out = new ArrayList<>();
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"name\"\\s*:\\s*\"("
                    + java.util.regex.Pattern.quote(prefix) + "[^\"]*)\"").matcher(json);
            while (m.find()) {
                out.add(m.group(1));
            }
            return out;
        } catch (java.io.IOException e) {
            throw new IllegalStateException("thread dump failed", e);
        }
    }

    /** Threads (virtual included) named with {@code prefix}, after waiting up to 5 s for them to end. */
    static List<String> aliveNamed(String prefix) throws InterruptedException {
        long deadline = System.nanoTime() + 5_000_000_000L;
        List<String> alive = allNamed(prefix);
        while (!alive.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(100);
            alive = allNamed(prefix);
        }
        return alive;
    }

    /** Threads alive now that were not in {@code before}, after waiting up to 5 s for them to end. */
    static List<String> leakedSince(Set<Thread> before) throws InterruptedException {
        long deadline = System.nanoTime() + 5_000_000_000L;
        List<String> extra;
        do {
            extra = new ArrayList<>();
            for (Thread t : snapshot()) {
                if (!before.contains(t)) {
                    extra.add(t.getName());
                }
            }
            if (extra.isEmpty()) {
                return extra;
            }
            Thread.sleep(50);
        } while (System.nanoTime() < deadline);
        return extra;
    }
}
