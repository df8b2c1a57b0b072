package sh.brane.devnet;

import java.nio.file.Path;

/**
 * Child-JVM entry point for {@link AnvilSessionTest}: starts Anvil as an application owning its shutdown order does
 * ({@code stopOnJvmExit(false)}, closed by a shutdown hook of its own, as the Spring context closes it), prints its
 * PIDs and waits to be signalled. The hook records whether Anvil still answered when the JVM's shutdown began.
 *
 * <p>With the argument {@code shared-group}, Anvil is started without {@code setsid}, in this JVM's process group
 * (the fallback where {@code setsid} is missing), to show what the session of its own prevents.
 */
public final class SessionProbeMain {
    private SessionProbeMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        Anvil.Builder builder = Anvil.builder().stopOnJvmExit(false);
        if (args.length > 0 && args[0].equals("shared-group")) {
            builder.launcher(new AnvilLauncher(Path.of("/bin/sh"), null, AnvilLauncher.STOP_WAIT));
        }
        Anvil anvil = builder.start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            // a signal that reached Anvil as well stops it within milliseconds: asking for a second, rather than
            // once, makes sure a node sharing our process group is seen gone even on a loaded machine
            boolean alive = true;
            for (int i = 0; i < 10 && alive; i++) {
                alive = answers(anvil);
                sleep(100);
            }
            System.out.println("HOOK ANVIL ALIVE " + alive);
            anvil.close();
            System.out.println("HOOK ANVIL CLOSED");
            System.out.flush();
        }, "probe-shutdown"));
        System.out.println("JVM " + ProcessHandle.current().pid());
        System.out.println("PID " + anvil.pid());
        System.out.println("READY");
        System.out.flush();
        Thread.sleep(120_000); // the test signals long before; the bound keeps a forgotten child from lingering
    }

    private static boolean answers(Anvil anvil) {
        try {
            return "0x7a69".equals(Rpc.result(anvil.httpUrl(), "eth_chainId", "[]"));
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
