/**
 * {@code @BraneContract} interfaces for {@code BraneContractsTests}, kept outside the
 * {@code sh.brane.spring.boot.autoconfigure} tree: the other tests' applications live there, and their contract
 * scanning would otherwise find these interfaces and try to bind them.
 */
package sh.brane.spring.contractfixtures;
