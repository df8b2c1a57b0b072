/** Ahead-of-time (native image) hints for Brane. */
package sh.brane.spring.boot.autoconfigure.aot;
