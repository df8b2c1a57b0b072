/** Contract interfaces annotated {@code @BraneContract} registered as beans, as Spring does for {@code @HttpExchange}. */
package sh.brane.spring.boot.autoconfigure.contract;
