package sh.brane.client.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;
import sh.brane.client.Log;
import sh.brane.client.TxRequest;
import sh.brane.core.abi.Abi;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.core.types.Wei;

/** Interfaces that do not match their ABI fail when bound, naming the method and the mismatch; no node needed. */
class ContractBindingTest {

    static final Abi ABI = Abi.fromJson("""
            [
             {"type":"function","name":"balanceOf","stateMutability":"view",
              "inputs":[{"name":"holder","type":"address"}],"outputs":[{"type":"uint256"}]},
             {"type":"function","name":"decimals","stateMutability":"view","inputs":[],"outputs":[{"type":"uint8"}]},
             {"type":"function","name":"transfer","stateMutability":"nonpayable",
              "inputs":[{"name":"to","type":"address"},{"name":"value","type":"uint256"}],"outputs":[{"type":"bool"}]},
             {"type":"function","name":"deposit","stateMutability":"payable","inputs":[],"outputs":[]},
             {"type":"function","name":"pair","stateMutability":"view","inputs":[],
              "outputs":[{"type":"uint256"},{"type":"address"}]},
             {"type":"event","name":"Transfer","anonymous":false,"inputs":[
              {"name":"from","type":"address","indexed":true},{"name":"to","type":"address","indexed":true},
              {"name":"value","type":"uint256","indexed":false}]},
             {"type":"event","name":"Named","anonymous":false,"inputs":[
              {"name":"label","type":"string","indexed":true},{"name":"value","type":"uint256","indexed":false}]}
            ]""");
    static final Address AT = Address.of("0x00000000000000000000000000000000000000aa");

    interface Missing {
        BigInteger balanceOff(Address holder);
    }

    interface WrongArity {
        BigInteger balanceOf(Address holder, BigInteger extra);
    }

    interface WrongArgumentType {
        BigInteger balanceOf(String holder);
    }

    interface WrongReturnType {
        String decimals();
    }

    interface NarrowReturn {
        BigInteger balanceOf(Address holder);

        long decimals(); // uint8 fits a long

        Pair pair();

        record Pair(BigInteger amount, Address who) {
        }
    }

    interface TupleRecordMismatch {
        Pair pair();

        record Pair(BigInteger amount) {
        }
    }

    interface TooNarrow {
        long balanceOf(Address holder); // uint256 does not fit a long
    }

    interface StateChangeAsValue {
        boolean transfer(Address to, BigInteger value);
    }

    interface Payable {
        TxRequest deposit(Wei value);
    }

    interface BadEvent {
        BigInteger balanceOf(Address holder);

        record Transfer(Address from, BigInteger to, BigInteger value) {
        }
    }

    record Named(String label, BigInteger value) {
    }

    record NamedHashed(Hash label, BigInteger value) {
    }

    @Test
    void aMissingFunctionNamesTheMethodAndTheAvailableFunctions() {
        assertThatThrownBy(() -> BraneContracts.binder(Missing.class, ABI))
                .isInstanceOf(ContractBindingException.class)
                .hasMessageContaining("Missing.balanceOff").hasMessageContaining("no function named 'balanceOff'")
                .hasMessageContaining("balanceOf(address)").hasMessageContaining("@Function");
    }

    @Test
    void aWrongArityNamesBothCounts() {
        assertThatThrownBy(() -> BraneContracts.binder(WrongArity.class, ABI))
                .hasMessageContaining("WrongArity.balanceOf").hasMessageContaining("takes 1 argument")
                .hasMessageContaining("has 2");
    }

    @Test
    void aWrongArgumentTypeNamesTheArgumentAndWhatItMapsTo() {
        assertThatThrownBy(() -> BraneContracts.binder(WrongArgumentType.class, ABI))
                .hasMessageContaining("WrongArgumentType.balanceOf").hasMessageContaining("argument 0 'holder'")
                .hasMessageContaining("address maps to Address, not String");
    }

    @Test
    void aWrongReturnTypeSaysWhichJavaTypesFit() {
        assertThatThrownBy(() -> BraneContracts.binder(WrongReturnType.class, ABI))
                .hasMessageContaining("WrongReturnType.decimals")
                .hasMessageContaining("uint8 is returned as BigInteger or long or int, not String");
        assertThatThrownBy(() -> BraneContracts.binder(TooNarrow.class, ABI))
                .hasMessageContaining("uint256 is returned as BigInteger, not long");
        assertThatThrownBy(() -> BraneContracts.binder(TupleRecordMismatch.class, ABI))
                .hasMessageContaining("TupleRecordMismatch.pair").hasMessageContaining("record Pair has 1");
    }

    @Test
    void aStateChangingFunctionMustReturnASendingOrPreparedType() {
        assertThatThrownBy(() -> BraneContracts.binder(StateChangeAsValue.class, ABI))
                .hasMessageContaining("StateChangeAsValue.transfer").hasMessageContaining("changes state")
                .hasMessageContaining("Hash").hasMessageContaining("PreparedCall");
    }

    @Test
    void anEventRecordThatDoesNotMatchFailsAtBindTime() {
        assertThatThrownBy(() -> BraneContracts.binder(BadEvent.class, ABI))
                .hasMessageContaining("record Transfer does not match event Transfer(address,address,uint256)")
                .hasMessageContaining("Transfer.to");
        assertThatThrownBy(() -> EventBinding.of(Named.class, ABI.event("Named")))
                .hasMessageContaining("indexed string").hasMessageContaining("declare it Hash");
    }

    @Test
    void matchingInterfacesBindAndEncodeWithoutANode() {
        NarrowReturn c = BraneContracts.binder(NarrowReturn.class, ABI).bind(AT, null, (request, errors) -> {
            throw new AssertionError("no call expected");
        });
        assertThat(c.toString()).contains("NarrowReturn");
        TxRequest deposit = BraneContracts.binder(Payable.class, ABI).bind(AT, null, (r, e) -> null)
                .deposit(Wei.of(5));
        assertThat(deposit.value()).isEqualTo(BigInteger.valueOf(5));
        assertThat(deposit.to()).isEqualTo(AT);
        assertThat(deposit.data()).isEqualTo(ABI.encodeCall("deposit"));
    }

    @Test
    void readsGoThroughTheCallerAndDecodeIntoRecordsAndNarrowTypes() {
        byte[] pair = encodeWords(BigInteger.valueOf(7), new BigInteger(1, AT.toBytes()));
        NarrowReturn c = BraneContracts.binder(NarrowReturn.class, ABI).bind(AT, null, (request, errors) -> {
            assertThat(request.to()).isEqualTo(AT);
            return ABI.function("pair").selectorHex().equals(sh.brane.primitives.Hex.encode(
                    java.util.Arrays.copyOf(request.data(), 4))) ? pair : encodeWords(BigInteger.valueOf(18));
        });
        assertThat(c.decimals()).isEqualTo(18L);
        assertThat(c.pair()).isEqualTo(new NarrowReturn.Pair(BigInteger.valueOf(7), AT));
    }

    @Test
    void logsDecodeIntoRecordsIndexedFieldsIncluded() {
        Address from = Address.of("0x00000000000000000000000000000000000000f1");
        Address to = Address.of("0x00000000000000000000000000000000000000f2");
        Log log = new Log(AT, List.of(ABI.event("Transfer").topic0(), Hash.wrap(word(from)), Hash.wrap(word(to))),
                encodeWords(BigInteger.valueOf(99)), 12L, null, null, 0L, 3L, false);
        record Transfer(Address from, Address to, BigInteger value) {
        }
        assertThat(BraneContracts.decodeLog(Transfer.class, ABI.event("Transfer"), log))
                .isEqualTo(new Transfer(from, to, BigInteger.valueOf(99)));
        Hash label = Hash.wrap(sh.brane.primitives.Keccak256.hash("usd".getBytes()));
        Log named = new Log(AT, List.of(ABI.event("Named").topic0(), label), encodeWords(BigInteger.ONE), 12L, null,
                null, 0L, 4L, false);
        assertThat(BraneContracts.decodeLog(NamedHashed.class, ABI.event("Named"), named))
                .isEqualTo(new NamedHashed(label, BigInteger.ONE));
        // a log of another event says which log it was
        assertThatThrownBy(() -> BraneContracts.decodeLog(NamedHashed.class, ABI.event("Named"), log))
                .hasMessageContaining("log 3").hasMessageContaining("block 12");
    }

    private static byte[] word(Address a) {
        byte[] w = new byte[32];
        System.arraycopy(a.toBytes(), 0, w, 12, 20);
        return w;
    }

    private static byte[] encodeWords(BigInteger... values) {
        byte[] out = new byte[32 * values.length];
        for (int i = 0; i < values.length; i++) {
            byte[] b = values[i].toByteArray();
            int len = Math.min(b.length, 32);
            System.arraycopy(b, b.length - len, out, 32 * i + 32 - len, len);
        }
        return out;
    }
}
