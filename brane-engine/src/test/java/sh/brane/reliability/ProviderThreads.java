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
