package sh.brane.devnet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AnvilBinaryResolverTest {

    @TempDir
    Path tmp;

    /** The path CI takes on a fresh machine: no anvil anywhere, npm installs the pinned package. */
    @Test
    void installsThePinnedNpmPackageIntoAFreshCacheEvenWhenTwoThreadsRaceForIt() throws Exception {
        Path npm = onRealPath("npm");
        Path node = onRealPath("node");
        assertThat(npm).as("npm on PATH (the tests need it to install Anvil)").isNotNull();
        String path = npm.getParent() + File.pathSeparator + node.getParent();
        Path cache = tmp.resolve("cache");
        AnvilBinaryResolver resolver = AnvilBinaryResolver.builder()
                .environment(Map.of("PATH", path))
                .userHome(tmp.resolve("home"))
                .cacheDir(cache)
                .build();
        assertThat(resolver.cachedBinary()).doesNotExist();

        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<Path> first = pool.submit(resolver::resolve);
            Future<Path> second = pool.submit(resolver::resolve);
            assertThat(first.get()).isEqualTo(resolver.cachedBinary()).isEqualTo(second.get());
        } finally {
            pool.shutdownNow();
        }
        assertThat(resolver.cachedBinary()).isExecutable()
                .isEqualTo(cache.resolve("node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil"));
        // staging and lock leftovers are cleaned up; only node_modules and the lock file remain
        try (var entries = Files.list(cache)) {
            assertThat(entries.map(p -> p.getFileName().toString()).sorted().toList())
                    .containsExactly(".install.lock", "node_modules");
        }
        try (Anvil anvil = Anvil.builder().resolver(resolver).start()) {
            assertThat(anvil.binary()).isEqualTo(resolver.cachedBinary());
            assertThat(Rpc.result(anvil.httpUrl(), "web3_clientVersion", "[]")).isEqualTo("anvil/v1.7.1");
        }
    }

    /** Two JVMs (and a thread of this one) installing into the same empty cache at once. */
    @Test
    void concurrentInstallsFromSeveralJvmsShareOneResult() throws Exception {
        Path npm = onRealPath("npm");
        Path node = onRealPath("node");
        String path = npm.getParent() + File.pathSeparator + node.getParent();
        Path cache = tmp.resolve("shared-cache");
        String javaBin = ProcessHandle.current().info().command().orElseThrow();
        List<Process> children = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            children.add(new ProcessBuilder(javaBin, "-cp", System.getProperty("java.class.path"),
                    InstallRaceMain.class.getName(), path, cache.toString()).redirectErrorStream(true).start());
        }
        AnvilBinaryResolver local = AnvilBinaryResolver.builder().environment(Map.of("PATH", path))
                .userHome(tmp.resolve("home")).cacheDir(cache).build();
        Path here = local.resolve();
        for (Process child : children) {
            String out = new String(child.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertThat(child.waitFor(5, java.util.concurrent.TimeUnit.MINUTES)).isTrue();
            assertThat(child.exitValue()).as(out).isZero();
            assertThat(out).contains("RESOLVED " + here);
        }
        assertThat(here).isExecutable().isEqualTo(local.cachedBinary());
        try (var entries = Files.list(cache)) {
            assertThat(entries.map(p -> p.getFileName().toString()).sorted().toList())
                    .containsExactly(".install.lock", "node_modules");
        }
        try (Anvil anvil = Anvil.builder().resolver(local).start()) {
            assertThat(Rpc.result(anvil.httpUrl(), "eth_chainId", "[]")).isEqualTo("0x7a69");
        }
    }

    @Test
    void withoutAnvilAndWithoutNpmTheMessageSaysHowToInstall() {
        AnvilBinaryResolver resolver = AnvilBinaryResolver.builder()
                .environment(Map.of("PATH", ""))
                .userHome(tmp.resolve("home"))
                .cacheDir(tmp.resolve("cache"))
                .build();
        assertThatThrownBy(resolver::resolve)
                .isInstanceOf(AnvilNotFoundException.class)
                .hasMessageContaining("No Anvil binary found")
                .hasMessageContaining("npm ('npm') is not available")
                .hasMessageContaining("foundryup")
                .hasMessageContaining("npm install -g @foundry-rs/anvil@1.7.1")
                .hasMessageContaining("ANVIL_BIN");
        assertThatThrownBy(() -> Anvil.builder().resolver(resolver).start())
                .isInstanceOf(AnvilNotFoundException.class);
    }

    @Test
    void anExplicitNpmCommandThatDoesNotExistCountsAsNoNpm() {
        AnvilBinaryResolver resolver = AnvilBinaryResolver.builder()
                .environment(Map.of("PATH", System.getenv().getOrDefault("PATH", "")))
                .userHome(tmp.resolve("home"))
                .cacheDir(tmp.resolve("cache"))
                .npmCommand(tmp.resolve("no-such-npm").toString())
                .build();
        org.junit.jupiter.api.Assumptions.assumeTrue(onRealPath("anvil") == null, "anvil is on PATH here");
        assertThatThrownBy(resolver::resolve)
                .isInstanceOf(AnvilNotFoundException.class)
                .hasMessageContaining("no-such-npm")
                .hasMessageContaining("foundryup");
    }

    @Test
    void aFailingNpmInstallReportsItsExitCodeAndHelp() throws Exception {
        Path fakeNpm = tmp.resolve("fake-npm");
        Files.writeString(fakeNpm, "#!/bin/sh\necho 'npm ERR! 404 simulated' \nexit 3\n");
        assertThat(fakeNpm.toFile().setExecutable(true)).isTrue();
        AnvilBinaryResolver resolver = AnvilBinaryResolver.builder()
                .environment(Map.of("PATH", "/bin:/usr/bin"))
                .userHome(tmp.resolve("home"))
                .cacheDir(tmp.resolve("cache"))
                .npmCommand(fakeNpm.toString())
                .build();
        org.junit.jupiter.api.Assumptions.assumeFalse(Files.isExecutable(Path.of("/usr/bin/anvil")));
        assertThatThrownBy(resolver::resolve)
                .isInstanceOf(AnvilException.class)
                .hasMessageContaining("exited with 3")
                .hasMessageContaining("npm ERR! 404 simulated")
                .hasMessageContaining("ANVIL_BIN");
        try (var entries = Files.list(tmp.resolve("cache"))) {
            assertThat(entries.map(p -> p.getFileName().toString()).toList()).containsExactly(".install.lock");
        }
    }

    @Test
    void searchOrderIsExplicitThenEnvThenPathThenFoundryThenCache() throws Exception {
        Path home = tmp.resolve("home");
        Path foundry = fakeBinary(Files.createDirectories(home.resolve(".foundry/bin")).resolve("anvil"));
        Path pathDir = Files.createDirectories(tmp.resolve("pathdir"));
        Path onPath = fakeBinary(pathDir.resolve("anvil"));
        Path envBin = fakeBinary(tmp.resolve("env-anvil"));
        Path explicit = fakeBinary(tmp.resolve("explicit-anvil"));
        Path cache = tmp.resolve("c");
        Path cached = fakeBinary(AnvilBinaryResolver.installedBinary(cache));

        Map<String, String> all = Map.of("PATH", pathDir.toString(), "ANVIL_BIN", envBin.toString());
        AnvilBinaryResolver.Builder b = AnvilBinaryResolver.builder().userHome(home).cacheDir(tmp.resolve("c"));
        assertThat(b.environment(all).binary(explicit).build().resolve()).isEqualTo(explicit);
        assertThat(AnvilBinaryResolver.builder().userHome(home).cacheDir(tmp.resolve("c")).environment(all).build()
                .resolve()).isEqualTo(envBin);
        assertThat(AnvilBinaryResolver.builder().userHome(home).cacheDir(tmp.resolve("c"))
                .environment(Map.of("PATH", pathDir.toString())).build().resolve()).isEqualTo(onPath);
        assertThat(AnvilBinaryResolver.builder().userHome(home).cacheDir(tmp.resolve("c"))
                .environment(Map.of("PATH", "")).build().resolve()).isEqualTo(foundry);
        Files.delete(foundry);
        assertThat(AnvilBinaryResolver.builder().userHome(home).cacheDir(cache)
                .environment(Map.of("PATH", "")).build().resolve()).isEqualTo(cached);
    }

    @Test
    void aBrokenAnvilBinSettingIsReportedNotSkipped() {
        AnvilBinaryResolver resolver = AnvilBinaryResolver.builder()
                .environment(Map.of("ANVIL_BIN", tmp.resolve("missing").toString(), "PATH", ""))
                .userHome(tmp).cacheDir(tmp).build();
        assertThatThrownBy(resolver::resolve).isInstanceOf(AnvilNotFoundException.class)
                .hasMessageContaining("env ANVIL_BIN")
                .hasMessageContaining("missing")
                .hasMessageContaining("not an executable file");
    }

    @Test
    void cacheDirDefaultsUnderTheHomeCacheAndFollowsOverrides() {
        Path home = Path.of("/home/someone");
        assertThat(AnvilBinaryResolver.defaultCacheDir(Map.of(), home))
                .isEqualTo(Path.of("/home/someone/.cache/brane/anvil/1.7.1"));
        assertThat(AnvilBinaryResolver.defaultCacheDir(Map.of("XDG_CACHE_HOME", "/x"), home))
                .isEqualTo(Path.of("/x/brane/anvil/1.7.1"));
        assertThat(AnvilBinaryResolver.defaultCacheDir(Map.of("BRANE_ANVIL_CACHE", "/y"), home))
                .isEqualTo(Path.of("/y"));
    }

    @Test
    void platformPackagesMatchTheNpmOptionalDependencies() {
        assertThat(AnvilBinaryResolver.platformPackage("Linux", "amd64")).isEqualTo("anvil-linux-amd64");
        assertThat(AnvilBinaryResolver.platformPackage("Linux", "aarch64")).isEqualTo("anvil-linux-arm64");
        assertThat(AnvilBinaryResolver.platformPackage("Mac OS X", "aarch64")).isEqualTo("anvil-darwin-arm64");
        assertThat(AnvilBinaryResolver.platformPackage("Mac OS X", "x86_64")).isEqualTo("anvil-darwin-amd64");
        assertThat(AnvilBinaryResolver.platformPackage("Windows 11", "amd64")).isEqualTo("anvil-win32-amd64");
        assertThatThrownBy(() -> AnvilBinaryResolver.platformPackage("FreeBSD", "amd64"))
                .isInstanceOf(AnvilNotFoundException.class)
                .hasMessageContaining("os.name='FreeBSD'")
                .hasMessageContaining("foundryup");
        assertThatThrownBy(() -> AnvilBinaryResolver.platformPackage("Linux", "riscv64"))
                .isInstanceOf(AnvilNotFoundException.class).hasMessageContaining("riscv64");
    }

    private static Path fakeBinary(Path p) throws Exception {
        Files.createDirectories(p.getParent());
        Files.writeString(p, "#!/bin/sh\nexit 0\n");
        assertThat(p.toFile().setExecutable(true)).isTrue();
        return p;
    }

    private static Path onRealPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!dir.isBlank() && Files.isExecutable(Path.of(dir, name))) {
                return Path.of(dir, name);
            }
        }
        return null;
    }
}
