package sh.brane.rpc;

/** The Netty socket transport. */
public enum TransportType {
    /** Native epoll on Linux when available, otherwise Java NIO. The default. */
    AUTO,
    /** Java NIO everywhere. */
    NIO,
    /** Native epoll; fails at build time with a clear message if it is not available on this machine. */
    EPOLL
}
