package sh.brane.devnet;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A local Anvil node running as a child process on a free {@code 127.0.0.1} port.
 *
 * <pre>{@code
 * try (Anvil anvil = Anvil.builder().chainId(31337).start()) {
 *     String url = anvil.httpUrl();          // http://127.0.0.1:PORT
 *     DevAccount alice = anvil.account(0);   // funded, key known
 * }
 * }</pre>
 *
 * <p>{@link #close()} stops the process (and only it and its descendants, by PID); a shutdown hook does the
 * same if the JVM exits first. Where {@code setsid} exists, Anvil runs in a session of its own, so Ctrl-C in a
 * terminal or a signal to the JVM's process group does not reach it: it outlives the clients still connected
 * during the application's shutdown. A watchdog stops it when the JVM dies without running any code (SIGKILL). {@link #stop()} and {@link #restart()} stop and start the node on the same
 * port, e.g. to test how clients survive a node restart. Thread-safe.
 */
public final class Anvil implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Anvil.class);

    /** Chain id Anvil uses unless told otherwise. */
    public static final long DEFAULT_CHAIN_ID = 31337;

    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofMillis(500))
            .build();
    private static final String CHAIN_ID_REQUEST = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_chainId\",\"params\":[]}";
    private static final int PORT_ATTEMPTS = 5;
    private static final long POLL_MILLIS = 20;
    private static final long UNCONFIRMED_GRACE_NANOS = 2_000_000_000L;

    private final Path binary;
    private final List<String> options;
    private final boolean portFixed;
    private final Duration startupTimeout;
    private final int outputLines;
    private final boolean defaultMnemonic;
    private final boolean silent;
    private final int accountCount;

    private int port;
    private long chainId;
    private final AnvilLauncher launcher;
    private volatile AnvilProcess process;
    private OutputDrain output;
    private List<DevAccount> accounts = List.of();
    private Thread shutdownHook;
    private final boolean stopOnJvmExit;
    private boolean closed;

    private Anvil(Builder b, Path binary) {
        this.binary = binary;
        this.options = List.copyOf(b.options());
        this.portFixed = b.port > 0;
        this.port = b.port;
        this.startupTimeout = b.startupTimeout;
        this.stopOnJvmExit = b.stopOnJvmExit;
        this.outputLines = b.outputLines;
        this.defaultMnemonic = b.mnemonic == null;
        this.accountCount = b.accounts == null ? 10 : b.accounts;
        this.launcher = b.launcher == null ? AnvilLauncher.detect() : b.launcher;
        this.silent = options.contains("--silent") || options.contains("-q") || options.contains("--quiet");
    }

    /** Starts Anvil with its defaults: chain id 31337, auto-mining, 10 funded accounts. */
    public static Anvil start() {
        return builder().start();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** {@code http://127.0.0.1:PORT}. */
    public String httpUrl() {
        return "http://127.0.0.1:" + port;
    }

    /** {@code ws://127.0.0.1:PORT} (Anvil serves HTTP and WebSocket on the same port). */
    public String wsUrl() {
        return "ws://127.0.0.1:" + port;
    }

    /** The port; it stays the same across {@link #stop()} / {@link #restart()}. */
    public synchronized int port() {
        return port;
    }

    /** Chain id as reported by the node's {@code eth_chainId}. */
    public synchronized long chainId() {
        return chainId;
    }

    /** The funded dev accounts, read from Anvil's banner (or the well-known defaults). */
    public synchronized List<DevAccount> accounts() {
        return accounts;
    }

    /** Dev account {@code index}. */
    public DevAccount account(int index) {
        List<DevAccount> all = accounts();
        if (index < 0 || index >= all.size()) {
            throw new IndexOutOfBoundsException("account " + index + " requested, node has " + all.size());
        }
        return all.get(index);
    }

    /** The binary this node runs. */
    public Path binary() {
        return binary;
    }

    /**
     * PID of the running Anvil process (Anvil's own, also when it runs under the watchdog).
     * @throws IllegalStateException when stopped
     */
    public synchronized long pid() {
        if (process == null) {
            throw new IllegalStateException("Anvil is not running");
        }
        return process.pid();
    }

    /** Whether the process is alive. */
    public synchronized boolean isRunning() {
        return process != null && process.isAlive();
    }

    /** The last lines Anvil printed (lines with private keys or the mnemonic are redacted). */
    public synchronized List<String> recentOutput() {
        return output == null ? List.of() : output.lines();
    }

    /** Stops the process but keeps the port reserved for {@link #restart()}. No-op when already stopped. */
    public synchronized void stop() {
        if (process == null) {
            return;
        }
        AnvilProcess p = process;
        process = null;
        p.stop();
        output.join(1_000);
        LOG.debug("Anvil (pid {}) on port {} stopped", p.pid(), port);
    }

    /** Stops the node if running and starts it again on the same port, with a fresh chain state. */
    public synchronized void restart() {
        if (closed) {
            throw new IllegalStateException("Anvil is closed");
        }
        stop();
        launch(true);
    }

    /** Stops the process and removes the shutdown hook. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        stop();
        if (shutdownHook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException e) {
                // JVM already shutting down: the hook is running or ran
            }
            shutdownHook = null;
        }
    }

    @Override
    public String toString() {
        return "Anvil[" + httpUrl() + ", running=" + isRunning() + "]";
    }

    private void launch(boolean samePort) {
        AnvilException last = null;
        for (int attempt = 0; attempt < PORT_ATTEMPTS; attempt++) {
            if (!portFixed && !samePort) {
                port = freePort();
            }
            try {
                startOnce();
                return;
            } catch (PortInUseException e) {
                last = e;
                LOG.debug("Port {} taken (attempt {}): {}", port, attempt + 1, e.getMessage());
                if (portFixed || samePort) {
                    sleep(200L * (attempt + 1)); // the same port may be released shortly (e.g. a dying process)
                }
            }
        }
        throw last;
    }

    private void startOnce() {
        List<String> command = new ArrayList<>();
        command.add(binary.toString());
        command.add("--host");
        command.add("127.0.0.1");
        command.add("--port");
        command.add(Integer.toString(port));
        command.addAll(options);
        if (shutdownHook == null && stopOnJvmExit) {
            // registered before the process exists so that a JVM exiting during start-up still stops it
            Thread hook = new Thread(this::stopOnExit, "anvil-shutdown");
            Runtime.getRuntime().addShutdownHook(hook);
            shutdownHook = hook;
        }
        AnvilProcess p;
        try {
            p = AnvilProcess.start(launcher, command, outputLines, "anvil-output-" + port);
        } catch (IOException e) {
            throw new AnvilException("Cannot start " + binary + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AnvilException("Interrupted while starting Anvil");
        }
        OutputDrain drain = p.output();
        process = p;
        output = drain;
        try {
            chainId = awaitReady(p, drain);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop();
            throw new AnvilException("Interrupted while waiting for Anvil to start");
        } catch (RuntimeException e) {
            stop();
            throw e;
        }
        List<DevAccount> parsed = drain.accounts();
        List<DevAccount> defaults = DevAccount.defaults();
        accounts = !parsed.isEmpty() ? parsed
                : defaultMnemonic ? defaults.subList(0, Math.min(accountCount, defaults.size())) : List.of();
        LOG.debug("Anvil {} (pid {}) ready on port {}, chain id {}", binary, p.pid(), port, chainId);
    }

    private void stopOnExit() {
        AnvilProcess p = process; // no lock: a thread holding it may be blocked; stopping twice is harmless
        if (p != null) {
            p.stop();
        }
    }

    private long awaitReady(AnvilProcess p, OutputDrain drain) throws InterruptedException {
        long deadline = System.nanoTime() + startupTimeout.toNanos();
        HttpRequest request = HttpRequest.newBuilder(URI.create(httpUrl()))
                .timeout(Duration.ofMillis(1_000))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(CHAIN_ID_REQUEST))
                .build();
        String lastError = "no answer yet";
        long firstAnswer = 0;
        while (true) {
            if (!p.isAlive()) {
                drain.join(500);
                String tail = drain.tailText();
                String message = "Anvil exited with code " + p.exitValue() + " before answering eth_chainId on port "
                        + port + ". Command: " + binary + " --port " + port + " " + displayOptions()
                        + "\nLast output:\n" + tail;
                if (drain.contains("Address already in use") || drain.contains("address already in use")) {
                    throw new PortInUseException(message);
                }
                throw new AnvilException(message);
            }
            // checked before each probe, not after: an answer that arrives after the deadline (a probe waits up to a
            // second) must not count, or a timeout shorter than one probe could still "succeed"
            if (System.nanoTime() - deadline > 0) {
                String tail = drain.tailText();
                throw new AnvilException("Anvil (pid " + p.pid() + ") did not answer eth_chainId on " + httpUrl()
                        + " within " + startupTimeout + " (" + lastError + "). Last output:\n" + tail);
            }
            try {
                HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 200) {
                    Long id = parseResult(response.body());
                    // Anvil prints "Listening on" only after it bound the port: until then the answer may
                    // come from another process that took the port first (ours then exits, "address in
                    // use"). Without that line (--silent, or an Anvil that words it differently) we accept
                    // the answer once our process has stayed alive for a while after it.
                    if (id != null) {
                        long now = System.nanoTime();
                        if (firstAnswer == 0) {
                            firstAnswer = now;
                        }
                        if (silent || drain.awaitBanner(0) || now - firstAnswer > UNCONFIRMED_GRACE_NANOS) {
                            return id;
                        }
                        lastError = "answered, but Anvil has not printed 'Listening on' yet";
                    } else {
                        lastError = "unexpected answer: " + abbreviate(response.body());
                    }
                } else {
                    lastError = "HTTP " + response.statusCode();
                }
            } catch (IOException e) {
                lastError = e.toString();
            }
            Thread.sleep(POLL_MILLIS);
        }
    }

    /** Reads {@code "result":"0x…"} from a JSON-RPC answer without a JSON library (this package uses only the JDK). */
    static Long parseResult(String body) {
        int key = body.indexOf("\"result\"");
        if (key < 0) {
            return null;
        }
        int open = body.indexOf('"', body.indexOf(':', key) + 1);
        int close = open < 0 ? -1 : body.indexOf('"', open + 1);
        if (open < 0 || close < 0) {
            return null;
        }
        String hex = body.substring(open + 1, close);
        if (!hex.startsWith("0x") || hex.length() < 3 || hex.length() > 18) {
            return null;
        }
        try {
            return Long.parseUnsignedLong(hex.substring(2), 16);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The options for messages, with the mnemonic (a secret when it is not the default) replaced. */
    private String displayOptions() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < options.size(); i++) {
            String o = options.get(i);
            boolean secret = i > 0 && (options.get(i - 1).equals("--mnemonic") || options.get(i - 1).equals("-m"));
            sb.append(i == 0 ? "" : " ").append(secret ? OutputDrain.REDACTED : o);
        }
        return sb.toString();
    }

    private static String abbreviate(String s) {
        return s.length() <= 200 ? s : s.substring(0, 200) + "…";
    }

    /** A free port on 127.0.0.1: bind to port 0, read it, release it. */
    static int freePort() {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new AnvilException("Cannot find a free port on 127.0.0.1: " + e.getMessage(), e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AnvilException("Interrupted while waiting to retry the port");
        }
    }

    private static final class PortInUseException extends AnvilException {
        private static final long serialVersionUID = 1L;

        PortInUseException(String message) {
            super(message);
        }
    }

    /** Configures and starts an {@link Anvil}. */
    public static final class Builder {
        private AnvilBinaryResolver resolver;
        private Long chainId;
        private Integer blockTimeSeconds;
        private boolean noMining;
        private Integer accounts;
        private String mnemonic;
        private String hardfork;
        private int port;
        private final List<String> extraArgs = new ArrayList<>();
        private Duration startupTimeout = Duration.ofSeconds(30);
        private int outputLines = 200;
        private boolean stopOnJvmExit = true;
        private AnvilLauncher launcher;

        private Builder() {
        }

        /** Run this binary (no search, no install). */
        public Builder binary(Path binary) {
            this.resolver = AnvilBinaryResolver.builder().binary(binary).build();
            return this;
        }

        /** Find or install the binary with this resolver (default {@link AnvilBinaryResolver#defaults()}). */
        public Builder resolver(AnvilBinaryResolver resolver) {
            this.resolver = Objects.requireNonNull(resolver, "resolver");
            return this;
        }

        /** Chain id (default 31337). */
        public Builder chainId(long chainId) {
            if (chainId <= 0) {
                throw new IllegalArgumentException("chainId must be positive, was " + chainId);
            }
            this.chainId = chainId;
            return this;
        }

        /** Mine a block every {@code seconds} instead of one per transaction (auto-mine, the default). */
        public Builder blockTime(int seconds) {
            if (seconds <= 0) {
                throw new IllegalArgumentException("blockTime must be positive seconds, was " + seconds);
            }
            this.blockTimeSeconds = seconds;
            this.noMining = false;
            return this;
        }

        /** Mine only on {@code evm_mine}. */
        public Builder noMining() {
            this.noMining = true;
            this.blockTimeSeconds = null;
            return this;
        }

        /** Number of funded dev accounts (default 10). */
        public Builder accounts(int count) {
            if (count < 1) {
                throw new IllegalArgumentException("accounts must be >= 1, was " + count);
            }
            this.accounts = count;
            return this;
        }

        /** Derive the dev accounts from this mnemonic instead of {@link DevAccount#DEFAULT_MNEMONIC}. */
        public Builder mnemonic(String mnemonic) {
            this.mnemonic = Objects.requireNonNull(mnemonic, "mnemonic");
            return this;
        }

        /** EVM hardfork, e.g. {@code prague} (default: Anvil's latest). */
        public Builder hardfork(String hardfork) {
            this.hardfork = Objects.requireNonNull(hardfork, "hardfork");
            return this;
        }

        /** Listen on this port instead of a free one picked at start. */
        public Builder port(int port) {
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("port must be 1..65535, was " + port);
            }
            this.port = port;
            return this;
        }

        /** More command-line arguments for Anvil, appended after the others. */
        public Builder extraArgs(String... args) {
            for (String a : args) {
                extraArgs.add(Objects.requireNonNull(a, "extra argument"));
            }
            return this;
        }

        /**
         * Whether a JVM shutdown hook of its own stops the node (default true). An owner that stops it in its own
         * shutdown sequence (such as a Spring context, after its clients are closed) turns this off, since JVM
         * hooks run in no particular order and the node would otherwise vanish under its clients. Either way the
         * watchdog stops the node once the JVM is gone, also when it was killed and ran no hook.
         */
        public Builder stopOnJvmExit(boolean stop) {
            this.stopOnJvmExit = stop;
            return this;
        }

        /** How the process is started (default: {@link AnvilLauncher#detect()}); for tests of the fallbacks. */
        Builder launcher(AnvilLauncher launcher) {
            this.launcher = Objects.requireNonNull(launcher, "launcher");
            return this;
        }

        /** How long to wait for {@code eth_chainId} to answer (default 30 s). */
        public Builder startupTimeout(Duration timeout) {
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("startupTimeout must be positive, was " + timeout);
            }
            this.startupTimeout = timeout;
            return this;
        }

        /** How many of Anvil's last output lines to keep for error messages (default 200). */
        public Builder outputLines(int lines) {
            if (lines < 1) {
                throw new IllegalArgumentException("outputLines must be >= 1, was " + lines);
            }
            this.outputLines = lines;
            return this;
        }

        List<String> options() {
            List<String> o = new ArrayList<>();
            if (chainId != null) {
                Collections.addAll(o, "--chain-id", Long.toString(chainId));
            }
            if (blockTimeSeconds != null) {
                Collections.addAll(o, "--block-time", Integer.toString(blockTimeSeconds));
            }
            if (noMining) {
                o.add("--no-mining");
            }
            if (accounts != null) {
                Collections.addAll(o, "--accounts", Integer.toString(accounts));
            }
            if (mnemonic != null) {
                Collections.addAll(o, "--mnemonic", mnemonic);
            }
            if (hardfork != null) {
                Collections.addAll(o, "--hardfork", hardfork);
            }
            o.addAll(extraArgs);
            return o;
        }

        /** Finds (or installs) the binary, starts the node and waits until it answers. */
        public Anvil start() {
            Path bin = (resolver == null ? AnvilBinaryResolver.defaults() : resolver).resolve();
            Anvil anvil = new Anvil(this, bin);
            try {
                synchronized (anvil) {
                    anvil.launch(false);
                }
            } catch (RuntimeException e) {
                anvil.close(); // removes the shutdown hook
                throw e;
            }
            return anvil;
        }
    }
}
