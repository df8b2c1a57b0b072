package sh.brane.devnet;

/** Child-JVM entry point: starts Anvil, prints its PID and exits without closing it. */
public final class ShutdownHookMain {
    private ShutdownHookMain() {
    }

    public static void main(String[] args) {
        Anvil anvil = Anvil.start();
        System.out.println("PID " + anvil.pid());
        System.out.flush();
        System.exit(0); // no close(): the shutdown hook must stop the process
    }
}
