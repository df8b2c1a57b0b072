package sh.brane.benchmarks;

import java.math.BigInteger;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.web3j.crypto.RawTransaction;
import org.web3j.crypto.Sign;
import org.web3j.crypto.TransactionEncoder;
import org.web3j.rlp.RlpEncoder;
import org.web3j.rlp.RlpType;

import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.crypto.Signature;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.tx.LegacyTransaction;
import sh.brane.core.tx.SignedTransaction;
import sh.brane.primitives.Hex;
import sh.brane.primitives.Rlp;
import sh.brane.primitives.RlpItem;
import sh.brane.primitives.RlpList;
import sh.brane.primitives.RlpString;
import sh.brane.primitives.RlpWriter;

/**
 * RLP and transaction encoding (no signing: signatures are made once in setup).
 *
 * <ul>
 *   <li>{@code rlpTree}: an item tree {@code [nonce, address, value, 100 bytes, [hash, hash]]} built and
 *       encoded each call (Brane {@link Rlp#encode(RlpItem)}, web3j {@code RlpEncoder.encode}).</li>
 *   <li>{@code rlpWriter}: the same list written with Brane's two-pass sizes + {@link RlpWriter} into a reused
 *       buffer; twin: the same web3j tree encode.</li>
 *   <li>{@code legacySigningPayload}, {@code eip1559SigningPayload}: the bytes that are hashed for signing
 *       (EIP-155 form for legacy); {@code legacyEnvelope}, {@code eip1559Envelope}: the raw signed
 *       transaction from a transaction and a signature. 100 bytes of call data.</li>
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class RlpTxEncodeBenchmark {

    private long nonce = 7;
    private byte[] address;
    private BigInteger value;
    private byte[] blob;
    private byte[] hashA;
    private byte[] hashB;
    private byte[] rlpBuffer;

    private LegacyTransaction legacy;
    private Eip1559Transaction eip1559;
    private Signature legacySignature;
    private Signature eip1559Signature;
    private RawTransaction w3Legacy;
    private RawTransaction w3Eip1559;
    private Sign.SignatureData w3LegacySignature;
    private Sign.SignatureData w3Eip1559Signature;

    @Setup
    public void setUp() {
        address = Hex.decode(Fixtures.TO);
        value = Fixtures.VALUE;
        blob = Fixtures.data(100);
        hashA = Fixtures.data(32);
        hashB = Fixtures.data(33 - 1).clone();
        hashB[0] ^= 1;
        rlpBuffer = new byte[braneRlpTree().length];

        byte[] data = Fixtures.data(100);
        legacy = Fixtures.legacy(data);
        eip1559 = Fixtures.eip1559(data);
        w3Legacy = Fixtures.w3Legacy(data);
        w3Eip1559 = Fixtures.w3Eip1559(data);
        PrivateKey key = PrivateKey.fromHex(Fixtures.DEV_KEY);
        legacySignature = key.signHash(legacy.signingHash());
        eip1559Signature = key.signHash(eip1559.signingHash());
        w3LegacySignature = TransactionEncoder.createEip155SignatureData(w3(legacySignature), Fixtures.CHAIN_ID);
        w3Eip1559Signature = w3(eip1559Signature);

        Twins.same("rlp tree", braneRlpTree(), web3jRlpTree());
        Twins.same("rlp writer", braneRlpWriter().clone(), web3jRlpWriter());
        Twins.same("legacy signing payload", braneLegacySigningPayload(), web3jLegacySigningPayload());
        Twins.same("1559 signing payload", braneEip1559SigningPayload(), web3jEip1559SigningPayload());
        Twins.same("legacy envelope", braneLegacyEnvelope(), web3jLegacyEnvelope());
        Twins.same("1559 envelope", braneEip1559Envelope(), web3jEip1559Envelope());
    }

    static Sign.SignatureData w3(Signature s) {
        return new Sign.SignatureData((byte) (27 + s.yParity()), s.rBytes(), s.sBytes());
    }

    @Benchmark
    public byte[] braneRlpTree() {
        return Rlp.encode(RlpList.of(RlpString.ofLong(nonce), RlpString.of(address), RlpString.ofBigInteger(value),
                RlpString.of(blob), RlpList.of(RlpString.of(hashA), RlpString.of(hashB))));
    }

    @Benchmark
    public byte[] web3jRlpTree() {
        return RlpEncoder.encode(new org.web3j.rlp.RlpList(List.<RlpType>of(
                org.web3j.rlp.RlpString.create(nonce), org.web3j.rlp.RlpString.create(address),
                org.web3j.rlp.RlpString.create(value), org.web3j.rlp.RlpString.create(blob),
                new org.web3j.rlp.RlpList(org.web3j.rlp.RlpString.create(hashA),
                        org.web3j.rlp.RlpString.create(hashB)))));
    }

    @Benchmark
    public byte[] braneRlpWriter() {
        int inner = Rlp.sizeOfBytes(hashA) + Rlp.sizeOfBytes(hashB);
        int payload = Rlp.sizeOfLong(nonce) + Rlp.sizeOfBytes(address) + Rlp.sizeOfBigInteger(value)
                + Rlp.sizeOfBytes(blob) + Rlp.sizeOfList(inner);
        new RlpWriter(rlpBuffer).writeListHeader(payload).writeLong(nonce).writeBytes(address)
                .writeBigInteger(value).writeBytes(blob).writeListHeader(inner).writeBytes(hashA).writeBytes(hashB);
        return rlpBuffer;
    }

    @Benchmark
    public byte[] web3jRlpWriter() {
        return web3jRlpTree();
    }

    @Benchmark
    public byte[] braneLegacySigningPayload() {
        return legacy.signingPayload();
    }

    @Benchmark
    public byte[] web3jLegacySigningPayload() {
        return TransactionEncoder.encode(w3Legacy, Fixtures.CHAIN_ID);
    }

    @Benchmark
    public byte[] braneEip1559SigningPayload() {
        return eip1559.signingPayload();
    }

    @Benchmark
    public byte[] web3jEip1559SigningPayload() {
        return TransactionEncoder.encode(w3Eip1559);
    }

    @Benchmark
    public byte[] braneLegacyEnvelope() {
        return SignedTransaction.of(legacy, legacySignature).rawBytes();
    }

    @Benchmark
    public byte[] web3jLegacyEnvelope() {
        return TransactionEncoder.encode(w3Legacy, w3LegacySignature);
    }

    @Benchmark
    public byte[] braneEip1559Envelope() {
        return SignedTransaction.of(eip1559, eip1559Signature).rawBytes();
    }

    @Benchmark
    public byte[] web3jEip1559Envelope() {
        return TransactionEncoder.encode(w3Eip1559, w3Eip1559Signature);
    }
}
