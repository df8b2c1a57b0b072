/** What Docker Compose and Testcontainers service connections share about Ethereum node images. */
package sh.brane.spring.boot.autoconfigure.node;
