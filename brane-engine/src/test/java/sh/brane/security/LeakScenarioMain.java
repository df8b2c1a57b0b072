package sh.brane.security;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import sh.brane.core.crypto.HdKey;
import sh.brane.core.crypto.Keystore;
import sh.brane.core.crypto.Mnemonic;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.FallbackProvider;
import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.HttpProvider;
import sh.brane.rpc.WebSocketConfig;
import sh.brane.rpc.WebSocketProvider;

/**
 * Run in a child JVM by {@link SecretsNeverLeakTest} with slf4j-simple at TRACE: does everything that
 * touches a secret (signing, failing, destroying, keystores with a wrong password, bad mnemonics, RPC
 * providers whose URLs and headers carry API keys, against a dead port and a loopback server that
 * refuses, errs and rate-limits) and prints every {@code toString} and exception message it meets as
 * {@code TEXT: ...} lines. The parent searches this output and the log for the secrets.
 */
public final class LeakScenarioMain {

    static final String KEY = "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318";
    static final String PHRASE = "legal winner thank year wave sausage worth useful legal winner thank yellow";
    static final String PASSWORD = "correct-horse-battery-staple";
    static final String PATH_KEY = "pk9f8e7d6c5b4a39281706f5e4d3c2b1a0";
    static final String QUERY_KEY = "qk4242deadbeefcafe4242";
    static final String HEADER_KEY = "hk0123456789abcdef0123";
    static final String USERINFO_PASSWORD = "uiS3cr3tUserInfoPw";

    private static final AtomicInteger MODE = new AtomicInteger();

    private LeakScenarioMain() {
    }

    public static void main(String[] args) throws Exception {
        crypto();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", LeakScenarioMain::answer);
        server.start();
        int deadPort;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            deadPort = s.getLocalPort();
        }
        try {
            http("http://127.0.0.1:" + server.getAddress().getPort());
            http("http://127.0.0.1:" + deadPort);
            webSocket("ws://127.0.0.1:" + server.getAddress().getPort());
            webSocket("ws://127.0.0.1:" + deadPort);
            fallback(server.getAddress().getPort(), deadPort);
        } finally {
            server.stop(0);
        }
        System.out.println("SCENARIO DONE");
        System.exit(0);
    }

    private static void crypto() {
        PrivateKey key = PrivateKey.fromHex("0x" + KEY);
        text(key);
        text(key.signHash(new byte[32]));
        text(key.address());
        fail(() -> key.signHash(new byte[31]));
        fail(() -> key.signHash((byte[]) null));
        fail(() -> PrivateKey.fromHex(KEY.toUpperCase() + "0"));
        fail(() -> PrivateKey.fromHex("0x" + KEY.substring(0, 63) + "z"));
        String keystore = Keystore.encrypt(key, PASSWORD.toCharArray(), Keystore.Kdf.weakForTests(new Keystore.Kdf.Scrypt(16, 8, 1)), new SecureRandom());
        fail(() -> Keystore.decrypt(keystore, "wrong-" + PASSWORD));
        fail(() -> Keystore.decrypt(keystore.replace("\"n\":16", "\"n\":1073741824"), PASSWORD));
        fail(() -> Keystore.decrypt(keystore.replace("aes-128-ctr", PASSWORD), PASSWORD));
        fail(() -> Keystore.decrypt(keystore.replace("\"kdf\":\"scrypt\"", "\"kdf\":\"" + KEY + "\""), PASSWORD));
        Mnemonic mnemonic = Mnemonic.parse(PHRASE);
        text(mnemonic);
        HdKey master = mnemonic.masterKey(PASSWORD);
        text(master);
        text(master.derive("m/44'/60'/0'/0/0"));
        fail(() -> Mnemonic.parse(PHRASE.replace("yellow", "yelow")));
        fail(() -> Mnemonic.parse(PHRASE.replace("yellow", "legal")));
        fail(() -> Mnemonic.parse(PHRASE + " " + PHRASE));
        fail(() -> master.derive("m/44'/60'/" + PHRASE));
        key.destroy();
        mnemonic.destroy();
        master.destroy();
        text(key);
        text(mnemonic);
        text(master);
        fail(() -> key.signHash(new byte[32]));
        fail(key::toBytes);
        fail(mnemonic::phrase);
        fail(master::toXprv);
    }

    private static String secretUrl(String base) {
        return base + "/v2/" + PATH_KEY + "?apikey=" + QUERY_KEY;
    }

    private static void http(String base) {
        HttpConfig config = HttpConfig.builder(secretUrl(base)).name("alchemy")
                .header("Authorization", "Bearer " + HEADER_KEY)
                .requestTimeout(Duration.ofSeconds(3)).connectTimeout(Duration.ofSeconds(2))
                .maxRetries(1).retryInitialBackoff(Duration.ofMillis(10)).retryMaxBackoff(Duration.ofMillis(20))
                .maxRetryAfter(Duration.ofMillis(50)).build();
        text(config);
        try (HttpProvider provider = HttpProvider.create(config)) {
            text(provider);
            for (int mode = 0; mode < 5; mode++) {
                MODE.set(mode);
                call(provider);
            }
        }
        String userInfo = base.replace("http://", "http://user:" + USERINFO_PASSWORD + "@");
        fail(() -> {
            try (HttpProvider p = HttpProvider.create(HttpConfig.builder(secretUrl(userInfo)).requestTimeout(Duration.ofSeconds(3)).build())) {
                text(p);
                p.send("eth_chainId", List.of());
            }
        });
        fail(() -> HttpConfig.builder("ftp://x/" + PATH_KEY).build());
        fail(() -> HttpConfig.builder("https://host/v2/" + PATH_KEY + " space").build());
        fail(() -> HttpConfig.builder("https:///v2/" + PATH_KEY).build());
        fail(() -> HttpConfig.builder(secretUrl("https://h")).header("Authorization", null).build());
    }

    private static void webSocket(String httpBase) {
        String url = secretUrl(httpBase.replace("http", "ws"));
        WebSocketConfig config = WebSocketConfig.builder(url).name("infura")
                .header("Authorization", "Bearer " + HEADER_KEY).connectTimeout(Duration.ofSeconds(2))
                .reconnect(false).build();
        text(config);
        MODE.set(0);
        fail(() -> WebSocketProvider.create(config).close());
        fail(() -> WebSocketConfig.builder("wss://x y/" + PATH_KEY).build());
        fail(() -> WebSocketConfig.builder("http://x/" + PATH_KEY).build());
    }

    private static void fallback(int serverPort, int deadPort) {
        BraneProvider a = HttpProvider.create(HttpConfig.builder(secretUrl("http://127.0.0.1:" + deadPort)).name("a")
                .connectTimeout(Duration.ofSeconds(1)).requestTimeout(Duration.ofSeconds(2)).maxRetries(0).build());
        BraneProvider b = HttpProvider.create(HttpConfig.builder(secretUrl("http://127.0.0.1:" + serverPort)).name("b")
                .requestTimeout(Duration.ofSeconds(2)).maxRetries(0).build());
        try (FallbackProvider f = FallbackProvider.create(a, b)) {
            text(f);
            for (int i = 0; i < 5; i++) {
                MODE.set(4);
                call(f);
            }
        }
    }

    private static void call(BraneProvider provider) {
        try {
            text(provider.send("eth_chainId", List.of()));
        } catch (RuntimeException e) {
            describe(e);
        }
    }

    /** 0: 401 text, 1: 500 with a JSON-RPC error, 2: 429 with a long Retry-After, 3: 200 garbage, 4: 200 result. */
    private static void answer(HttpExchange ex) throws IOException {
        ex.getRequestBody().readAllBytes();
        int mode = MODE.get();
        int status = switch (mode) {
            case 0 -> 401;
            case 1 -> 500;
            case 2 -> 429;
            default -> 200;
        };
        String body = switch (mode) {
            case 0 -> "Must be authenticated!";
            case 1 -> "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32000,\"message\":\"boom\"}}";
            case 2 -> "slow down";
            case 3 -> "{\"jsonrpc\":\"2.0\",\"id\":";
            default -> "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"0x1\"}";
        };
        if (mode == 2) {
            ex.getResponseHeaders().add("Retry-After", "999");
        }
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static void text(Object o) {
        System.out.println("TEXT: " + o);
    }

    private static void fail(ThrowingRunnable r) {
        try {
            r.run();
            System.out.println("TEXT: (no failure)");
        } catch (Throwable t) {
            describe(t);
        }
    }

    private static void describe(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            System.out.println("TEXT: " + t);
            for (Throwable s : t.getSuppressed()) {
                System.out.println("TEXT: suppressed " + s);
            }
        }
        e.printStackTrace(System.out);
    }

    @FunctionalInterface
    interface ThrowingRunnable {
        void run() throws Exception;
    }
}
