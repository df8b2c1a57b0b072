package sh.brane.devnet;

import java.nio.file.Path;
import java.util.Map;

/** Child-JVM entry point for the cross-process install race test: args are PATH and the cache dir. */
public final class InstallRaceMain {
    private InstallRaceMain() {
    }

    public static void main(String[] args) {
        AnvilBinaryResolver resolver = AnvilBinaryResolver.builder()
                .environment(Map.of("PATH", args[0]))
                .userHome(Path.of(args[1]).resolveSibling("home"))
                .cacheDir(Path.of(args[1]))
                .build();
        System.out.println("RESOLVED " + resolver.resolve());
    }
}
