package sh.brane.client.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import sh.brane.core.abi.Abi;
import sh.brane.core.abi.RevertDecoder;
import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;

/**
 * Read methods returning {@code CompletableFuture<T>}: bound like blocking reads (the future's type argument
 * checked against the outputs), answered through {@link ContractCaller#callAsync}; no node needed.
 */
class AsyncContractReadTest {

    static final Abi ABI = ContractBindingTest.ABI;
    static final Address AT = ContractBindingTest.AT;
    static final Address HOLDER = Address.of("0x70997970c51812dc3a65c118b3eebe0c0a3e0e7a");
    static final byte[] WORD = Hex.decode("0x00000000000000000000000000000000000000000000000000000000000f4240");

    interface Reads {
        CompletableFuture<BigInteger> balanceOf(Address holder);

        CompletableFuture<Integer> decimals();

        CompletableFuture<Pair> pair();

        @Function("balanceOf")
        CompletableFuture<Void> touch(Address holder);

        @Function("balanceOf")
        BigInteger balanceNow(Address holder);

        record Pair(BigInteger amount, Address who) {
        }
    }

    interface AsyncSend {
        CompletableFuture<Boolean> transfer(Address to, BigInteger value);
    }

    interface Wildcard {
        CompletableFuture<? extends Number> balanceOf(Address holder);
    }

    interface WrongValue {
        CompletableFuture<String> decimals();
    }

    /** A caller answering from a function of the calldata, through the default (virtual-thread) callAsync. */
    static ContractCaller answering(java.util.function.Function<byte[], byte[]> answer, AtomicReference<byte[]> seen) {
        return (request, errors) -> {
            seen.set(request.data());
            return answer.apply(request.data());
        };
    }

    @Test
    void aFutureReadEncodesLikeTheBlockingReadAndDecodesIntoTheTypeArgument() {
        AtomicReference<byte[]> seen = new AtomicReference<>();
        byte[] pair = Hex.decode("0x" + "00".repeat(31) + "07" + "00".repeat(12) + "70997970c51812dc3a65c118b3eebe0c0a3e0e7a");
        Reads reads = BraneContracts.binder(Reads.class, ABI).bind(AT, null,
                answering(data -> Hex.encode(data).startsWith("0x313ce567") ? Hex.decode("0x" + "00".repeat(31) + "12")
                        : Hex.encode(data).startsWith("0x70a08231") ? WORD : pair, seen));

        assertThat(reads.balanceOf(HOLDER).join()).isEqualTo(BigInteger.valueOf(1_000_000));
        byte[] asyncCalldata = seen.get();
        assertThat(reads.balanceNow(HOLDER)).isEqualTo(BigInteger.valueOf(1_000_000));
        assertThat(seen.get()).isEqualTo(asyncCalldata);
        assertThat(reads.decimals().join()).isEqualTo(18);
        assertThat(reads.pair().join()).isEqualTo(new Reads.Pair(BigInteger.valueOf(7), HOLDER));
        assertThat(reads.touch(HOLDER).join()).isNull();
    }

    @Test
    void aRevertFailsTheFutureWithAContractRevertExceptionNamingTheMethod() {
        byte[] revertData = Hex.decode("0x08c379a0" + "0000000000000000000000000000000000000000000000000000000000000020"
                + "0000000000000000000000000000000000000000000000000000000000000004"
                + "6e6f706500000000000000000000000000000000000000000000000000000000"); // Error("nope")
        ContractCaller reverting = (request, errors) -> {
            // what AutoBatchingCaller raises for a call that failed inside an aggregate
            throw new ContractRevertException("call to " + request.to(), RevertDecoder.decode(revertData), null, null);
        };
        Reads reads = BraneContracts.binder(Reads.class, ABI).bind(AT, null, reverting);

        CompletableFuture<BigInteger> f = reads.balanceOf(HOLDER);
        assertThatThrownBy(f::join).isInstanceOf(CompletionException.class).cause()
                .isInstanceOfSatisfying(ContractRevertException.class, e -> {
                    assertThat(e.getMessage()).contains("Reads.balanceOf").contains(AT.toString());
                    assertThat(e.reason().toString()).contains("nope");
                    assertThat(e.error()).isNull();
                });
    }

    @Test
    void aBadArgumentFailsTheFutureInsteadOfThrowing() {
        Reads reads = BraneContracts.binder(Reads.class, ABI).bind(AT, null, answering(d -> WORD, new AtomicReference<>()));
        CompletableFuture<BigInteger> f = reads.balanceOf(null);
        assertThat(f).isCompletedExceptionally();
    }

    @Test
    void onlyReadsMayReturnAFutureAndItsTypeArgumentIsChecked() {
        assertThatThrownBy(() -> BraneContracts.binder(AsyncSend.class, ABI))
                .isInstanceOf(ContractBindingException.class).hasMessageContaining("AsyncSend.transfer")
                .hasMessageContaining("only view and pure functions can return CompletableFuture");
        assertThatThrownBy(() -> BraneContracts.binder(Wildcard.class, ABI))
                .hasMessageContaining("Wildcard.balanceOf").hasMessageContaining("name the value type");
        assertThatThrownBy(() -> BraneContracts.binder(WrongValue.class, ABI))
                .hasMessageContaining("WrongValue.decimals")
                .hasMessageContaining("uint8 is returned as BigInteger or long or int, not String");
    }

    @Test
    void aFutureReadCannotBeAddedToAnExplicitBatch() {
        Reads reads = BraneContracts.binder(Reads.class, ABI).bind(AT, null, answering(d -> WORD, new AtomicReference<>()));
        MulticallBatch batch = new MulticallBatch(null, Multicall3.ADDRESS);
        assertThatThrownBy(() -> batch.add(reads, r -> r.balanceOf(HOLDER)))
                .hasMessageContaining("returns a CompletableFuture").hasMessageContaining("returning the value itself");
        assertThat(batch.add(reads, r -> r.balanceNow(HOLDER))).isNotNull();
        assertThat(List.of(batch.size())).containsExactly(1);
    }
}
