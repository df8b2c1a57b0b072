package sh.brane.spring.boot.autoconfigure;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP server on 127.0.0.1 that accepts connections and never answers (a node that hangs, or a blackholed
 * address behind a proxy that accepts): reads what it is sent and discards it. Closing it closes every socket.
 */
final class SilentServer implements AutoCloseable {

    private final ServerSocket server;

    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    private final AtomicInteger accepted = new AtomicInteger();

    private final Thread acceptor;

    private SilentServer(ServerSocket server) {
        this.server = server;
        this.acceptor = Thread.ofVirtual().name("silent-server").start(this::acceptLoop);
    }

    static SilentServer start() throws IOException {
        return new SilentServer(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()));
    }

    int port() {
        return this.server.getLocalPort();
    }

    /** Connections accepted so far. */
    int accepted() {
        return this.accepted.get();
    }

    private void acceptLoop() {
        while (!this.server.isClosed()) {
            try {
                Socket socket = this.server.accept();
                this.sockets.add(socket);
                this.accepted.incrementAndGet();
                Thread.ofVirtual().start(() -> drain(socket));
            }
            catch (IOException ex) {
                return;
            }
        }
    }

    private static void drain(Socket socket) {
        byte[] buffer = new byte[4096];
        try {
            while (socket.getInputStream().read(buffer) >= 0) {
                // discarded: never answered
            }
        }
        catch (IOException ex) {
            // closed
        }
    }

    @Override
    public void close() throws IOException {
        this.server.close();
        for (Socket socket : this.sockets) {
            socket.close();
        }
        this.acceptor.interrupt();
    }
}
