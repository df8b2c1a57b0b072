package sh.brane.devnet;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds an Anvil binary, installing the pinned npm package into a cache directory when there is none.
 *
 * <p>Search order: an explicit path, env {@code ANVIL_BIN}, {@code PATH}, {@code ~/.foundry/bin/anvil}, the
 * cache directory. When all miss, {@code npm install --prefix <cache> @foundry-rs/anvil@1.7.1} runs into a
 * temporary directory under the cache, which is then moved into place under a file lock, so JVMs (and
 * threads) installing at once neither collide nor see a half-written install.
 *
 * <p>The cache directory defaults to {@code ~/.cache/brane/anvil/1.7.1}; system property
 * {@value #CACHE_PROPERTY} or env {@value #CACHE_ENV} override it.
 */
public final class AnvilBinaryResolver {
    private static final Logger LOG = LoggerFactory.getLogger(AnvilBinaryResolver.class);

    /** The Anvil version installed from npm. */
    public static final String VERSION = "1.7.1";
    /** npm package installed when no binary is found. */
    public static final String NPM_PACKAGE = "@foundry-rs/anvil";
    /** Env var naming an Anvil binary. */
    public static final String BINARY_ENV = "ANVIL_BIN";
    /** System property overriding the cache directory. */
    public static final String CACHE_PROPERTY = "brane.anvil.cache";
    /** Env var overriding the cache directory. */
    public static final String CACHE_ENV = "BRANE_ANVIL_CACHE";

    private static final Map<Path, Object> JVM_LOCKS = new ConcurrentHashMap<>();
    private static final boolean WINDOWS =
            System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");

    private final Path explicitBinary;
    private final Map<String, String> environment;
    private final Path userHome;
    private final Path cacheDir;
    private final String npmCommand;
    private final Duration installTimeout;

    private AnvilBinaryResolver(Builder b) {
        this.explicitBinary = b.binary;
        this.environment = b.environment == null ? System.getenv() : Map.copyOf(b.environment);
        this.userHome = b.userHome == null ? Path.of(System.getProperty("user.home")) : b.userHome;
        this.cacheDir = b.cacheDir == null ? defaultCacheDir(environment, userHome) : b.cacheDir;
        this.npmCommand = b.npmCommand == null ? (WINDOWS ? "npm.cmd" : "npm") : b.npmCommand;
        this.installTimeout = b.installTimeout;
    }

    /** A resolver with the default search order, environment and cache directory. */
    public static AnvilBinaryResolver defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The directory the npm package is (or will be) installed into. */
    public Path cacheDir() {
        return cacheDir;
    }

    /** Where the npm install puts the binary for this OS/CPU inside {@link #cacheDir()}. */
    public Path cachedBinary() {
        return installedBinary(cacheDir);
    }

    /**
     * Returns an executable Anvil binary, installing it into {@link #cacheDir()} if needed.
     *
     * @throws AnvilNotFoundException when no binary exists and npm is unavailable or the platform has no package
     * @throws AnvilException         when an npm install was attempted and failed
     */
    public Path resolve() {
        if (explicitBinary != null) {
            return requireExecutable(explicitBinary, "the explicitly configured binary");
        }
        String fromEnv = environment.get(BINARY_ENV);
        if (fromEnv != null && !fromEnv.isBlank()) {
            return requireExecutable(Path.of(fromEnv), "env " + BINARY_ENV);
        }
        Path onPath = findOnPath(WINDOWS ? "anvil.exe" : "anvil");
        if (onPath != null) {
            return onPath;
        }
        Path foundry = userHome.resolve(".foundry").resolve("bin").resolve(WINDOWS ? "anvil.exe" : "anvil");
        if (isExecutable(foundry)) {
            return foundry;
        }
        Path cached = cachedBinary();
        if (isExecutable(cached)) {
            return cached;
        }
        return install();
    }

    private Path install() {
        Path npm = findNpm();
        if (npm == null) {
            throw new AnvilNotFoundException("No Anvil binary found (looked at env " + BINARY_ENV + ", PATH, "
                    + userHome.resolve(".foundry/bin/anvil") + ", " + cachedBinary() + ") and npm ('" + npmCommand
                    + "') is not available to install it. " + installHelp());
        }
        Path target = cachedBinary();
        try {
            Files.createDirectories(cacheDir);
            Path lockKey = cacheDir.toRealPath();
            // FileLock is per JVM process: threads of one JVM must also be serialized, by a monitor
            synchronized (JVM_LOCKS.computeIfAbsent(lockKey, k -> new Object())) {
                try (FileChannel channel = FileChannel.open(cacheDir.resolve(".install.lock"),
                        StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                     FileLock ignored = channel.lock()) {
                    if (isExecutable(target)) {
                        return target; // another JVM or thread installed it while we waited
                    }
                    installLocked(npm);
                }
            }
        } catch (IOException e) {
            throw new AnvilException("Installing " + NPM_PACKAGE + "@" + VERSION + " into " + cacheDir
                    + " failed: " + e + ". " + installHelp(), e);
        }
        if (!isExecutable(target)) {
            throw new AnvilException("npm installed " + NPM_PACKAGE + "@" + VERSION + " into " + cacheDir
                    + " but " + target + " is not an executable file. " + installHelp());
        }
        return target;
    }

    private void installLocked(Path npm) throws IOException {
        Path staging = Files.createTempDirectory(cacheDir, ".install-");
        try {
            Path log = staging.resolve("npm.log");
            List<String> command = List.of(npm.toString(), "install", "--prefix", staging.toString(),
                    "--no-audit", "--no-fund", "--include=optional", "--loglevel=error",
                    NPM_PACKAGE + "@" + VERSION);
            LOG.info("Installing {}@{} into {} with npm", NPM_PACKAGE, VERSION, cacheDir);
            ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(nullFile()));
            String path = environment.get("PATH");
            if (path != null) {
                pb.environment().put("PATH", path);
            }
            Process process = pb.start();
            boolean finished;
            try {
                finished = process.waitFor(installTimeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new AnvilException("Interrupted while installing " + NPM_PACKAGE + "@" + VERSION, e);
            }
            if (!finished) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw new AnvilException("npm install of " + NPM_PACKAGE + "@" + VERSION + " did not finish within "
                        + installTimeout + ". npm output:\n" + tail(log) + "\n" + installHelp());
            }
            if (process.exitValue() != 0) {
                throw new AnvilException("npm install of " + NPM_PACKAGE + "@" + VERSION + " exited with "
                        + process.exitValue() + ". npm output:\n" + tail(log) + "\n" + installHelp());
            }
            Path staged = installedBinary(staging);
            if (!Files.isRegularFile(staged)) {
                throw new AnvilException("npm install of " + NPM_PACKAGE + "@" + VERSION + " did not produce "
                        + staged + " (is the optional platform package blocked by npm config 'omit=optional'?)."
                        + " npm output:\n" + tail(log) + "\n" + installHelp());
            }
            if (!Files.isExecutable(staged) && !staged.toFile().setExecutable(true)) {
                throw new AnvilException("Cannot make " + staged + " executable");
            }
            Path modules = cacheDir.resolve("node_modules");
            if (Files.exists(modules)) {
                // a broken earlier install (we only get here when its binary is missing): move it out of the way
                Path trash = Files.createTempDirectory(cacheDir, ".trash-");
                move(modules, trash.resolve("node_modules"));
                deleteRecursively(trash);
            }
            move(staging.resolve("node_modules"), modules);
        } finally {
            deleteRecursively(staging);
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to);
        }
    }

    private static File nullFile() {
        return new File(WINDOWS ? "NUL" : "/dev/null");
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(no npm output: " + e.getMessage() + ")";
        }
    }

    private Path findNpm() {
        if (npmCommand.contains("/") || npmCommand.contains(File.separator)) {
            Path p = Path.of(npmCommand);
            return isExecutable(p) ? p : null;
        }
        return findOnPath(npmCommand);
    }

    private Path findOnPath(String name) {
        String path = environment.get("PATH");
        if (path == null || path.isBlank()) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isBlank()) {
                continue;
            }
            try {
                Path candidate = Path.of(dir, name);
                if (isExecutable(candidate)) {
                    return candidate;
                }
            } catch (RuntimeException e) {
                // an unparsable PATH entry is skipped, like a shell does
            }
        }
        return null;
    }

    private static boolean isExecutable(Path p) {
        return Files.isRegularFile(p) && Files.isExecutable(p);
    }

    private static Path requireExecutable(Path p, String source) {
        if (!isExecutable(p)) {
            throw new AnvilNotFoundException("Anvil binary from " + source + " (" + p
                    + ") is not an executable file. " + installHelp());
        }
        return p;
    }

    static Path defaultCacheDir(Map<String, String> env, Path userHome) {
        String prop = System.getProperty(CACHE_PROPERTY);
        if (prop != null && !prop.isBlank()) {
            return Path.of(prop);
        }
        String fromEnv = env.get(CACHE_ENV);
        if (fromEnv != null && !fromEnv.isBlank()) {
            return Path.of(fromEnv);
        }
        String xdg = env.get("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : userHome.resolve(".cache");
        return base.resolve("brane").resolve("anvil").resolve(VERSION);
    }

    /** The binary's location inside an npm prefix, for the current OS and CPU. */
    static Path installedBinary(Path prefix) {
        String os = System.getProperty("os.name", "");
        String pkg = platformPackage(os, System.getProperty("os.arch", ""));
        boolean windows = os.toLowerCase(Locale.ROOT).startsWith("windows");
        return prefix.resolve("node_modules").resolve("@foundry-rs").resolve(pkg).resolve("bin")
                .resolve(windows ? "anvil.exe" : "anvil");
    }

    /**
     * The npm platform package of {@value #NPM_PACKAGE} for an OS/CPU pair, e.g. {@code anvil-linux-amd64}.
     *
     * @throws AnvilNotFoundException when {@value #NPM_PACKAGE} publishes no binary for that platform
     */
    public static String platformPackage(String osName, String osArch) {
        String os = osName.toLowerCase(Locale.ROOT);
        String arch = osArch.toLowerCase(Locale.ROOT);
        String npmOs;
        if (os.startsWith("linux")) {
            npmOs = "linux";
        } else if (os.startsWith("mac") || os.startsWith("darwin")) {
            npmOs = "darwin";
        } else if (os.startsWith("windows")) {
            npmOs = "win32";
        } else {
            npmOs = null;
        }
        String npmArch = switch (arch) {
            case "amd64", "x86_64", "x64" -> "amd64";
            case "aarch64", "arm64" -> "arm64";
            default -> null;
        };
        if (npmOs == null || npmArch == null || (npmOs.equals("win32") && !npmArch.equals("amd64"))) {
            throw new AnvilNotFoundException(NPM_PACKAGE + "@" + VERSION + " has no binary for os.name='" + osName
                    + "', os.arch='" + osArch + "' (it ships linux and darwin amd64/arm64 and win32 amd64). "
                    + installHelp());
        }
        return "anvil-" + npmOs + "-" + npmArch;
    }

    /** How to install Anvil by hand; part of every "not found" message. */
    public static String installHelp() {
        return "Install Anvil with one of: (1) Foundry: 'curl -L https://foundry.paradigm.xyz | bash && foundryup' "
                + "(puts anvil in ~/.foundry/bin); (2) npm: 'npm install -g " + NPM_PACKAGE + "@" + VERSION
                + "' (puts anvil on PATH); or (3) set env " + BINARY_ENV + " to the path of an anvil binary.";
    }

    private static void deleteRecursively(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            List<Path> paths = new ArrayList<>(walk.sorted(Comparator.reverseOrder()).toList());
            for (Path p : paths) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | UncheckedIOException e) {
            LOG.debug("Could not delete {}: {}", root, e.toString());
        }
    }

    /** Configures an {@link AnvilBinaryResolver}; every setting is optional. */
    public static final class Builder {
        private Path binary;
        private Map<String, String> environment;
        private Path userHome;
        private Path cacheDir;
        private String npmCommand;
        private Duration installTimeout = Duration.ofMinutes(5);

        private Builder() {
        }

        /** Use exactly this binary; no search, no install. */
        public Builder binary(Path binary) {
            this.binary = Objects.requireNonNull(binary, "binary");
            return this;
        }

        /** Environment to read {@code ANVIL_BIN}, {@code PATH} and the cache override from (default: the process's). */
        public Builder environment(Map<String, String> environment) {
            this.environment = Objects.requireNonNull(environment, "environment");
            return this;
        }

        /** Home directory holding {@code .foundry/bin/anvil} and, by default, {@code .cache} (default: user.home). */
        public Builder userHome(Path userHome) {
            this.userHome = Objects.requireNonNull(userHome, "userHome");
            return this;
        }

        /** Directory to find and install the npm package in. */
        public Builder cacheDir(Path cacheDir) {
            this.cacheDir = Objects.requireNonNull(cacheDir, "cacheDir");
            return this;
        }

        /** npm executable: a name searched on PATH or a path (default {@code npm}). */
        public Builder npmCommand(String npmCommand) {
            this.npmCommand = Objects.requireNonNull(npmCommand, "npmCommand");
            return this;
        }

        /** How long an npm install may take (default 5 minutes). */
        public Builder installTimeout(Duration installTimeout) {
            if (installTimeout.isNegative() || installTimeout.isZero()) {
                throw new IllegalArgumentException("installTimeout must be positive, was " + installTimeout);
            }
            this.installTimeout = installTimeout;
            return this;
        }

        public AnvilBinaryResolver build() {
            return new AnvilBinaryResolver(this);
        }
    }
}
