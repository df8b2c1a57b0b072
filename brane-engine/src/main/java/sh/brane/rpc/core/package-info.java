/**
 * Internal: the request path every transport shares (the in-flight table and its deadlines, answer routing, request
 * bytes, the JSON-RPC writer and reader). Not API: it may change in any release. Use the providers in
 * {@link sh.brane.rpc}.
 */
package sh.brane.rpc.core;
