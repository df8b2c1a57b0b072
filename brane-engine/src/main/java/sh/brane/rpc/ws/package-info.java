/**
 * Internal: the WebSocket transport under {@link sh.brane.rpc.WebSocketProvider} (the connection and its reconnect
 * state, the ring's writer, frames, subscriptions). Not API: it may change in any release.
 */
package sh.brane.rpc.ws;
