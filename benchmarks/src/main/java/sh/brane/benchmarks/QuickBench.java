package sh.brane.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * Runs the Brane-vs-web3j pairs with JMH and prints Markdown tables built from JMH's JSON result file.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar sh.brane.benchmarks.QuickBench [suite] [--forks N] [--warmup N]
 *      [--iterations N] [--time SECONDS] [--out DIR]
 * </pre>
 *
 * Suites: {@code quick} (default; every pair once, 1 thread, with {@code -prof gc}), {@code scaling} (RPC pairs at
 * 1, 2, 4, 8, 16 caller threads), {@code latency} (sequential RPC in SampleTime mode: p50/p99/p99.9),
 * {@code tuning} (Brane WebSocket transport and wait strategies), {@code anvil} (RPC pairs against a real Anvil),
 * {@code all} (all of them in turn). Raw JMH output ({@code .txt}), the JSON result ({@code .json}) and the
 * tables ({@code .md}) go to {@code --out} (default {@code benchmarks/results}).
 */
public final class QuickBench {

    private static final String PKG = "sh.brane.benchmarks.";
    private static final ObjectMapper JSON = JsonMapper.builder().build();

    /** One row: a Brane benchmark and its twin, each {@code Class.method}, with JMH params ("k=v,k=v"). */
    record Pair(String label, String brane, String peer, String peerName, String params) {
        Pair(String label, String brane, String peer, String params) {
            this(label, brane, peer, "web3j", params);
        }
    }

    static final List<Pair> QUICK = List.of(
            new Pair("ABI transfer `encodeTo` (reused buffer)", "AbiEncodeBenchmark.braneTransferEncodeTo", "AbiEncodeBenchmark.web3jTransferEncodeTo", ""),
            new Pair("ABI transfer `encodeCall` (allocating)", "AbiEncodeBenchmark.braneTransferEncodeCall", "AbiEncodeBenchmark.web3jTransferEncodeCall", ""),
            new Pair("ABI complex nested encode (allocating)", "AbiEncodeBenchmark.braneComplexEncode", "AbiEncodeBenchmark.web3jComplexEncode", ""),
            new Pair("ABI complex nested `encodeTo`", "AbiEncodeBenchmark.braneComplexEncodeTo", "AbiEncodeBenchmark.web3jComplexEncode", ""),
            new Pair("ABI constructor args", "AbiEncodeBenchmark.braneConstructor", "AbiEncodeBenchmark.web3jConstructor", ""),
            new Pair("ABI decode uint256", "AbiDecodeBenchmark.braneUint256", "AbiDecodeBenchmark.web3jUint256", ""),
            new Pair("ABI decode address", "AbiDecodeBenchmark.braneAddress", "AbiDecodeBenchmark.web3jAddress", ""),
            new Pair("ABI decode string", "AbiDecodeBenchmark.braneString", "AbiDecodeBenchmark.web3jString", ""),
            new Pair("ABI decode tuple", "AbiDecodeBenchmark.braneTuple", "AbiDecodeBenchmark.web3jTuple", ""),
            new Pair("ABI decode Transfer logs (per log)", "AbiDecodeBenchmark.braneEvents", "AbiDecodeBenchmark.web3jEvents", ""),
            new Pair("Hex encode 32 B", "HexBenchmark.braneEncode", "HexBenchmark.web3jEncode", "Numeric", ""),
            new Pair("Hex `encodeTo` 32 B", "HexBenchmark.braneEncodeTo", "HexBenchmark.web3jEncode", "Numeric", ""),
            new Pair("Hex decode 32 B", "HexBenchmark.braneDecode", "HexBenchmark.web3jDecode", "Numeric", ""),
            new Pair("Hex `decodeTo` 32 B", "HexBenchmark.braneDecodeTo", "HexBenchmark.web3jDecode", "Numeric", ""),
            new Pair("Keccak-256 32 B `hash`", "KeccakBenchmark.braneHash", "KeccakBenchmark.web3jHash", "size=32"),
            new Pair("Keccak-256 1 KiB `hash`", "KeccakBenchmark.braneHash", "KeccakBenchmark.web3jHash", "size=1024"),
            new Pair("Keccak-256 32 B `hashTo`", "KeccakBenchmark.braneHashTo", "KeccakBenchmark.bcHashTo", "BouncyCastle", "size=32"),
            new Pair("Keccak-256 1 KiB `hashTo`", "KeccakBenchmark.braneHashTo", "KeccakBenchmark.bcHashTo", "BouncyCastle", "size=1024"),
            new Pair("RLP encode item tree", "RlpTxEncodeBenchmark.braneRlpTree", "RlpTxEncodeBenchmark.web3jRlpTree", ""),
            new Pair("RLP `RlpWriter` (reused buffer)", "RlpTxEncodeBenchmark.braneRlpWriter", "RlpTxEncodeBenchmark.web3jRlpTree", ""),
            new Pair("Tx legacy signing payload", "RlpTxEncodeBenchmark.braneLegacySigningPayload", "RlpTxEncodeBenchmark.web3jLegacySigningPayload", ""),
            new Pair("Tx EIP-1559 signing payload", "RlpTxEncodeBenchmark.braneEip1559SigningPayload", "RlpTxEncodeBenchmark.web3jEip1559SigningPayload", ""),
            new Pair("Tx legacy envelope", "RlpTxEncodeBenchmark.braneLegacyEnvelope", "RlpTxEncodeBenchmark.web3jLegacyEnvelope", ""),
            new Pair("Tx EIP-1559 envelope", "RlpTxEncodeBenchmark.braneEip1559Envelope", "RlpTxEncodeBenchmark.web3jEip1559Envelope", ""),
            new Pair("Sign a 32-byte hash", "SigningBenchmark.braneSignHash", "SigningBenchmark.web3jSignHash", ""),
            new Pair("Sign legacy tx", "SigningBenchmark.braneSignLegacy", "SigningBenchmark.web3jSignLegacy", ""),
            new Pair("Sign EIP-1559 tx", "SigningBenchmark.braneSignEip1559", "SigningBenchmark.web3jSignEip1559", ""),
            new Pair("Sign EIP-1559 tx, 10 KiB data", "SigningBenchmark.braneSignLargePayload", "SigningBenchmark.web3jSignLargePayload", ""),
            new Pair("Recover public key", "SigningBenchmark.braneRecover", "SigningBenchmark.web3jRecover", ""),
            new Pair("WS sequential `send` (stub)", "WebSocketRpcBenchmark.braneSequential", "WebSocketRpcBenchmark.web3jSequential", "node=stub"),
            new Pair("WS `sendAsync` 10 in flight (stub, per call)", "WebSocketRpcBenchmark.braneInFlight10", "WebSocketRpcBenchmark.web3jInFlight10", "node=stub"),
            new Pair("WS `sendAsync` 100 in flight (stub, per call)", "WebSocketRpcBenchmark.braneInFlight100", "WebSocketRpcBenchmark.web3jInFlight100", "node=stub"),
            new Pair("WS `sendAsyncBatch` x100 vs web3j BatchRequest (stub, per call)", "WebSocketRpcBenchmark.braneAsyncBatch100", "WebSocketRpcBenchmark.web3jJsonBatch100", "node=stub"),
            new Pair("WS JSON batch of 100 (stub, per call)", "WebSocketRpcBenchmark.braneJsonBatch100", "WebSocketRpcBenchmark.web3jJsonBatch100", "node=stub"),
            new Pair("HTTP sequential (stub)", "HttpRpcBenchmark.braneSequential", "HttpRpcBenchmark.web3jSequential", "node=stub"),
            new Pair("HTTP JSON batch of 100 (stub, per call)", "HttpRpcBenchmark.braneBatch100", "HttpRpcBenchmark.web3jBatch100", "node=stub"),
            new Pair("HTTP 100 concurrent calls on virtual threads (stub, per call)", "HttpRpcBenchmark.braneVirtual100", "HttpRpcBenchmark.web3jVirtual100", "node=stub"));

    static final List<Pair> SCALING = List.of(
            new Pair("WS sequential `send`", "WebSocketRpcBenchmark.braneSequential", "WebSocketRpcBenchmark.web3jSequential", "node=stub"),
            new Pair("WS `sendAsync` 100 in flight", "WebSocketRpcBenchmark.braneInFlight100", "WebSocketRpcBenchmark.web3jInFlight100", "node=stub"),
            new Pair("WS `sendAsyncBatch` x100 vs web3j BatchRequest", "WebSocketRpcBenchmark.braneAsyncBatch100", "WebSocketRpcBenchmark.web3jJsonBatch100", "node=stub"),
            new Pair("HTTP sequential", "HttpRpcBenchmark.braneSequential", "HttpRpcBenchmark.web3jSequential", "node=stub"),
            new Pair("HTTP JSON batch of 100", "HttpRpcBenchmark.braneBatch100", "HttpRpcBenchmark.web3jBatch100", "node=stub"));

    static final List<Pair> LATENCY = List.of(
            new Pair("WS sequential `send` (stub)", "WebSocketRpcBenchmark.braneSequential", "WebSocketRpcBenchmark.web3jSequential", "node=stub"),
            new Pair("HTTP sequential (stub)", "HttpRpcBenchmark.braneSequential", "HttpRpcBenchmark.web3jSequential", "node=stub"),
            new Pair("WS sequential `send` (Anvil)", "WebSocketRpcBenchmark.braneSequential", "WebSocketRpcBenchmark.web3jSequential", "node=anvil"),
            new Pair("HTTP sequential (Anvil)", "HttpRpcBenchmark.braneSequential", "HttpRpcBenchmark.web3jSequential", "node=anvil"));

    static final List<Pair> ANVIL = List.of(
            new Pair("WS sequential `send` (Anvil)", "WebSocketRpcBenchmark.braneSequential", "WebSocketRpcBenchmark.web3jSequential", "node=anvil"),
            new Pair("WS `sendAsync` 100 in flight (Anvil, per call)", "WebSocketRpcBenchmark.braneInFlight100", "WebSocketRpcBenchmark.web3jInFlight100", "node=anvil"),
            new Pair("WS `sendAsyncBatch` x100 vs web3j BatchRequest (Anvil, per call)", "WebSocketRpcBenchmark.braneAsyncBatch100", "WebSocketRpcBenchmark.web3jJsonBatch100", "node=anvil"),
            new Pair("HTTP sequential (Anvil)", "HttpRpcBenchmark.braneSequential", "HttpRpcBenchmark.web3jSequential", "node=anvil"),
            new Pair("HTTP JSON batch of 100 (Anvil, per call)", "HttpRpcBenchmark.braneBatch100", "HttpRpcBenchmark.web3jBatch100", "node=anvil"),
            new Pair("HTTP 100 concurrent calls on virtual threads (Anvil, per call)", "HttpRpcBenchmark.braneVirtual100", "HttpRpcBenchmark.web3jVirtual100", "node=anvil"));

    /** Tuning runs: each is (transport, callbacks, waitStrategy); the first is the default. */
    static final String[][] TUNING = {
            {"AUTO", "default", "BLOCKING"}, {"NIO", "default", "BLOCKING"}, {"EPOLL", "default", "BLOCKING"},
            {"AUTO", "direct", "BLOCKING"}, {"AUTO", "default", "LITE_BLOCKING"}, {"AUTO", "default", "SLEEPING"},
            {"AUTO", "default", "YIELDING"}, {"AUTO", "default", "BUSY_SPIN"}};
    static final String[] TUNING_METHODS = {"braneSequential", "braneInFlight100", "braneAsyncBatch100"};

    private final Settings settings;
    private final StringBuilder report = new StringBuilder();

    private QuickBench(Settings settings) {
        this.settings = settings;
    }

    record Settings(String suite, int forks, int warmup, int iterations, int seconds, Path out, String only) {
        static Settings parse(String[] args) {
            String suite = "quick";
            int forks = 1;
            int warmup = 1;
            int iterations = 2;
            int seconds = 1;
            Path out = Path.of("benchmarks/results");
            String only = null;
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--forks" -> forks = Integer.parseInt(args[++i]);
                    case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                    case "--iterations" -> iterations = Integer.parseInt(args[++i]);
                    case "--time" -> seconds = Integer.parseInt(args[++i]);
                    case "--out" -> out = Path.of(args[++i]);
                    case "--only" -> only = args[++i];
                    default -> {
                        if (args[i].startsWith("--")) {
                            throw new IllegalArgumentException("unknown option " + args[i]);
                        }
                        suite = args[i];
                    }
                }
            }
            return new Settings(suite, forks, warmup, iterations, seconds, out, only);
        }

        String describe() {
            return "JMH 1.37, " + forks + " fork(s), " + warmup + " warm-up x " + seconds + " s, " + iterations
                    + " measurement x " + seconds + " s per benchmark";
        }
    }

    public static void main(String[] args) throws Exception {
        Settings s = Settings.parse(args);
        Files.createDirectories(s.out());
        QuickBench bench = new QuickBench(s);
        List<String> suites = s.suite().equals("all") ? List.of("quick", "tuning", "latency", "anvil", "scaling")
                : List.of(s.suite());
        for (String suite : suites) {
            switch (suite) {
                case "quick" -> bench.pairs("quick", QUICK, Mode.Throughput, 1, true);
                case "anvil" -> bench.pairs("anvil", ANVIL, Mode.Throughput, 1, true);
                case "latency" -> bench.latency();
                case "scaling" -> bench.scaling();
                case "tuning" -> bench.tuning();
                default -> throw new IllegalArgumentException("unknown suite " + suite
                        + "; use quick, scaling, latency, tuning, anvil or all");
            }
        }
    }

    private String stamp() {
        return LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    }

    /** Runs the benchmarks of {@code pairs} and returns the JSON results keyed by "Class.method|params|threads". */
    private Map<String, JsonNode> run(String name, List<Pair> pairs, Mode mode, int threads, boolean gc,
            Map<String, String> extraParams) throws RunnerException, IOException {
        String base = name + "-" + stamp();
        Path json = settings.out().resolve(base + ".json");
        Path txt = settings.out().resolve(base + ".txt");
        ChainedOptionsBuilder o = new OptionsBuilder()
                .forks(settings.forks())
                .warmupIterations(settings.warmup())
                .warmupTime(TimeValue.seconds(settings.seconds()))
                .measurementIterations(settings.iterations())
                .measurementTime(TimeValue.seconds(settings.seconds()))
                .mode(mode)
                .timeUnit(mode == Mode.SampleTime ? TimeUnit.MICROSECONDS : TimeUnit.SECONDS)
                .threads(threads)
                .jvmArgs(jvmArgs())
                .shouldFailOnError(true)
                .result(json.toString())
                .resultFormat(ResultFormatType.JSON)
                .output(txt.toString());
        if (gc) {
            o.addProfiler(GCProfiler.class);
        }
        Map<String, List<String>> params = new TreeMap<>();
        for (Pair p : pairs) {
            o.include("^" + Pattern.quote(PKG + p.brane()) + "$");
            if (p.peer() != null) {
                o.include("^" + Pattern.quote(PKG + p.peer()) + "$");
            }
            for (String kv : p.params().isEmpty() ? new String[0] : p.params().split(",")) {
                String[] parts = kv.split("=", 2);
                List<String> values = params.computeIfAbsent(parts[0], k -> new ArrayList<>());
                if (!values.contains(parts[1])) {
                    values.add(parts[1]);
                }
            }
        }
        extraParams.forEach((k, v) -> params.put(k, List.of(v.split(","))));
        params.forEach((k, v) -> o.param(k, v.toArray(String[]::new)));
        System.out.println("running " + name + " (JMH log: " + txt + ")");
        new Runner(o.build()).run();
        Map<String, JsonNode> results = new LinkedHashMap<>();
        for (JsonNode r : JSON.readTree(json.toFile())) {
            results.put(key(r), r);
        }
        return results;
    }

    static String[] jvmArgs() {
        // the forks: fixed heap so GC sizing does not differ between runs; web3j leaves non-daemon pool threads
        // behind, which would otherwise hold every fork for JMH's 30 s stray-thread timeout
        return new String[] {"-Xms2g", "-Xmx2g", "-XX:+UseG1GC", "--enable-native-access=ALL-UNNAMED",
                "-Djmh.shutdownTimeout=1", "-Djmh.shutdownTimeout.step=1"};
    }

    private static String key(JsonNode r) {
        String full = r.get("benchmark").asString();
        String simple = full.startsWith(PKG) ? full.substring(PKG.length()) : full;
        Map<String, String> params = new TreeMap<>();
        JsonNode p = r.get("params");
        if (p != null) {
            for (var e : p.properties()) {
                params.put(e.getKey(), e.getValue().asString());
            }
        }
        return simple + "|" + params + "|" + r.get("threads").asInt();
    }

    private static String key(String method, String params, int threads, Map<String, String> extra) {
        Map<String, String> map = new TreeMap<>(extra);
        if (!params.isEmpty()) {
            for (String kv : params.split(",")) {
                String[] parts = kv.split("=", 2);
                map.put(parts[0], parts[1]);
            }
        }
        return method + "|" + map + "|" + threads;
    }

    /** {@code --only REGEX}: keeps the pairs whose label or Brane method matches (for trying the harness out). */
    private List<Pair> filter(List<Pair> pairs) {
        if (settings.only() == null) {
            return pairs;
        }
        Pattern p = Pattern.compile(settings.only());
        return pairs.stream().filter(x -> p.matcher(x.label()).find() || p.matcher(x.brane()).find()).toList();
    }

    private void pairs(String name, List<Pair> allPairs, Mode mode, int threads, boolean gc) throws Exception {
        List<Pair> pairs = filter(allPairs);
        Map<String, JsonNode> r = run(name, pairs, mode, threads, gc, Map.of());
        StringBuilder t = new StringBuilder();
        t.append("\n### ").append(name).append(" (").append(settings.describe()).append(", ").append(threads)
                .append(" thread, -prof gc)\n\n");
        t.append("| case | Brane ops/s | peer | peer ops/s | Brane / peer | Brane B/op | peer B/op |\n");
        t.append("|---|---:|---|---:|---:|---:|---:|\n");
        for (Pair p : pairs) {
            JsonNode b = r.get(key(p.brane(), p.params(), threads, resolveDefaults(p)));
            JsonNode w = r.get(key(p.peer(), p.params(), threads, resolveDefaults(p)));
            t.append("| ").append(p.label()).append(" | ").append(ops(b)).append(" ± ").append(err(b))
                    .append(" | ").append(p.peerName()).append(" | ").append(ops(w)).append(" ± ").append(err(w))
                    .append(" | ").append(ratio(b, w)).append(" | ").append(alloc(b)).append(" | ").append(alloc(w))
                    .append(" |\n");
        }
        emit(name, t.toString());
    }

    /** Benchmarks whose classes have params we do not set explicitly carry their defaults in the key. */
    private static Map<String, String> resolveDefaults(Pair p) {
        Map<String, String> m = new TreeMap<>();
        if (p.brane().startsWith("WebSocketRpc") || p.brane().startsWith("HttpRpc")) {
            m.put("node", "stub");
        }
        if (p.brane().startsWith("HexBenchmark")) {
            m.put("bytes", "32");
        }
        return m;
    }

    private void scaling() throws Exception {
        int[] threads = {1, 2, 4, 8, 16};
        List<Pair> scaling = filter(SCALING);
        List<Map<String, JsonNode>> runs = new ArrayList<>();
        for (int t : threads) {
            runs.add(run("scaling-t" + t, scaling, Mode.Throughput, t, true, Map.of()));
        }
        StringBuilder s = new StringBuilder();
        s.append("\n### scaling (").append(settings.describe()).append(", calls/s summed over all caller threads, stub server)\n\n");
        s.append("| case | threads | Brane calls/s | web3j calls/s | Brane / web3j | Brane B/call | web3j B/call"
                + " | Brane CPU/call | web3j CPU/call |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Pair p : scaling) {
            for (int i = 0; i < threads.length; i++) {
                JsonNode b = runs.get(i).get(key(p.brane(), p.params(), threads[i], resolveDefaults(p)));
                JsonNode w = runs.get(i).get(key(p.peer(), p.params(), threads[i], resolveDefaults(p)));
                s.append("| ").append(p.label()).append(" | ").append(threads[i]).append(" | ").append(ops(b))
                        .append(" | ").append(ops(w)).append(" | ").append(ratio(b, w))
                        .append(" | ").append(alloc(b)).append(" | ").append(alloc(w))
                        .append(" | ").append(cpuPerCall(b, p.brane(), threads[i]))
                        .append(" | ").append(cpuPerCall(w, p.peer(), threads[i])).append(" |\n");
            }
        }
        s.append("\nCPU per call: the process CPU time counted by `CallCpu` inside the calls, over the calls. Each caller"
                + " thread counts the whole process's CPU while it is inside a call, and in a throughput run every"
                + " thread is inside a call nearly all the time, so the sum is divided by the number of threads as"
                + " well (an estimate that is exact at 1 thread).\n");
        emit("scaling", s.toString());
    }

    private void latency() throws Exception {
        List<Pair> latency = filter(LATENCY);
        Map<String, JsonNode> r = run("latency", latency, Mode.SampleTime, 1, false, Map.of());
        StringBuilder s = new StringBuilder();
        s.append("\n### latency (").append(settings.describe()).append(", SampleTime, 1 thread; µs per call)\n\n");
        s.append("| case | client | mean | p50 | p99 | p99.9 | samples |\n|---|---|---:|---:|---:|---:|---:|\n");
        for (Pair p : latency) {
            for (String[] m : new String[][] {{"Brane", p.brane()}, {"web3j", p.peer()}}) {
                JsonNode n = r.get(key(m[1], p.params(), 1, resolveDefaults(p)));
                s.append("| ").append(p.label()).append(" | ").append(m[0]).append(" | ");
                if (n == null) {
                    s.append("n/a | n/a | n/a | n/a | n/a |\n");
                    continue;
                }
                JsonNode pm = n.get("primaryMetric");
                JsonNode pct = pm.get("scorePercentiles");
                s.append(fmt1(pm.get("score").asDouble())).append(" | ").append(fmt1(pct.get("50.0").asDouble()))
                        .append(" | ").append(fmt1(pct.get("99.0").asDouble())).append(" | ")
                        .append(fmt1(pct.get("99.9").asDouble())).append(" | ")
                        .append(sampleCount(pm)).append(" |\n");
            }
        }
        emit("latency", s.toString());
    }

    private static long sampleCount(JsonNode pm) {
        long n = 0;
        JsonNode raw = pm.get("rawDataHistogram");
        if (raw != null) {
            for (JsonNode fork : raw) {
                for (JsonNode iteration : fork) {
                    for (JsonNode bin : iteration) {
                        n += bin.get(1).asLong();
                    }
                }
            }
        }
        return n;
    }

    private void tuning() throws Exception {
        List<Pair> methods = new ArrayList<>();
        for (String m : TUNING_METHODS) {
            methods.add(new Pair(m, "WebSocketTuningBenchmark." + m, null, ""));
        }
        List<Map<String, JsonNode>> runs = new ArrayList<>();
        for (String[] combo : TUNING) {
            runs.add(run("tuning-" + combo[0] + "-" + combo[1] + "-" + combo[2], methods, Mode.Throughput, 1, true,
                    tuningParams(combo)));
        }
        StringBuilder s = new StringBuilder();
        s.append("\n### tuning: Brane WebSocket transport, callbacks and wait strategy (")
                .append(settings.describe()).append(", 1 thread, stub server; ratio to the defaults)\n\n");
        s.append("| transport | callbacks | wait strategy |");
        for (String m : TUNING_METHODS) {
            s.append(' ').append(m).append(" calls/s | vs default |");
        }
        s.append("\n|---|---|---|");
        s.append("---:|---:|".repeat(TUNING_METHODS.length));
        s.append('\n');
        for (int i = 0; i < TUNING.length; i++) {
            s.append("| ").append(TUNING[i][0]).append(" | ").append(TUNING[i][1]).append(" | ").append(TUNING[i][2]).append(" |");
            for (String m : TUNING_METHODS) {
                JsonNode n = runs.get(i).get(key("WebSocketTuningBenchmark." + m, "", 1, tuningParams(TUNING[i])));
                JsonNode d = runs.get(0).get(key("WebSocketTuningBenchmark." + m, "", 1, tuningParams(TUNING[0])));
                s.append(' ').append(ops(n)).append(" | ").append(ratio(n, d)).append(" |");
            }
            s.append('\n');
        }
        emit("tuning", s.toString());
    }

    private static Map<String, String> tuningParams(String[] combo) {
        return Map.of("transport", combo[0], "callbacks", combo[1], "waitStrategy", combo[2], "node", "stub");
    }

    private void emit(String name, String table) throws IOException {
        String load = loadAverage();
        String text = table + "\nLoad average after the run (1/5/15 min): " + load + "\n";
        report.append(text);
        System.out.println(text);
        Files.writeString(settings.out().resolve(name + "-" + stamp() + ".md"), text);
    }

    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " / " + f[1] + " / " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static String ops(JsonNode r) {
        return r == null ? "n/a" : fmt(r.get("primaryMetric").get("score").asDouble());
    }

    private static String err(JsonNode r) {
        if (r == null) {
            return "n/a";
        }
        JsonNode e = r.get("primaryMetric").get("scoreError");
        return e.isNumber() ? fmt(e.asDouble()) : "?";
    }

    private static String ratio(JsonNode brane, JsonNode peer) {
        if (brane == null || peer == null) {
            return "n/a";
        }
        double b = brane.get("primaryMetric").get("score").asDouble();
        double p = peer.get("primaryMetric").get("score").asDouble();
        return String.format(Locale.ROOT, "%.2fx", b / p);
    }

    private static String alloc(JsonNode r) {
        if (r == null) {
            return "n/a";
        }
        JsonNode sec = r.get("secondaryMetrics");
        if (sec != null) {
            for (var e : sec.properties()) {
                if (e.getKey().endsWith("gc.alloc.rate.norm")) {
                    JsonNode score = e.getValue().get("score");
                    return score.isNumber() ? fmt(score.asDouble()) : "?";
                }
            }
        }
        return "n/a";
    }

    /**
     * Process CPU per call from {@link CallCpu}'s counters: per invocation, divided by the calls an invocation
     * makes (the count that ends a multi-call case's name, e.g. {@code InFlight100}) and by the caller threads,
     * whose windows overlap (see the table's note).
     */
    static String cpuPerCall(JsonNode r, String method, int threads) {
        if (r == null) {
            return "n/a";
        }
        JsonNode sec = r.get("secondaryMetrics");
        if (sec == null || sec.get("cpuNanos") == null || sec.get("calls") == null) {
            return "n/a";
        }
        double calls = sec.get("calls").get("score").asDouble();
        if (calls <= 0) {
            return "n/a";
        }
        Matcher count = CALLS_IN_NAME.matcher(method);
        int perInvocation = count.find() ? Integer.parseInt(count.group(1)) : 1;
        double nanos = sec.get("cpuNanos").get("score").asDouble() / calls / perInvocation / threads;
        return nanos >= 100_000 ? String.format(Locale.ROOT, "%.2f ms", nanos / 1e6)
                : String.format(Locale.ROOT, "%.1f µs", nanos / 1e3);
    }

    private static final Pattern CALLS_IN_NAME = Pattern.compile("(?:Batch|Virtual|InFlight)(\\d+)$");

    static String fmt(double v) {
        if (Double.isNaN(v)) {
            return "?";
        }
        if (Math.abs(v) >= 100) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        return String.format(Locale.ROOT, "%.1f", v);
    }

    static String fmt1(double v) {
        return String.format(Locale.ROOT, "%,.1f", v);
    }
}
