/**
 * Internal: the HTTP transport under {@link sh.brane.rpc.HttpProvider} (the bounded Netty connection pool, the JDK
 * client for HTTP/2, exchanges, auto-batching). Not API: it may change in any release.
 */
package sh.brane.rpc.http;
