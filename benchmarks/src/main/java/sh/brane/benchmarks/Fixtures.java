package sh.brane.benchmarks;

import java.math.BigInteger;
import java.util.Random;

import org.web3j.crypto.RawTransaction;

import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.tx.LegacyTransaction;
import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;

/** The transactions and key the signing and encoding benchmarks share, in Brane's and in web3j's model. */
final class Fixtures {

    /** Anvil's well-known development account 0; public test key, holds nothing real. */
    static final String DEV_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
    static final String TO = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    static final long CHAIN_ID = 1;
    static final long NONCE = 42;
    static final long GAS_LIMIT = 120_000;
    static final BigInteger VALUE = new BigInteger("1500000000000000000");
    static final long GAS_PRICE = 30_000_000_000L;
    static final long MAX_PRIORITY_FEE = 2_000_000_000L;
    static final long MAX_FEE = 60_000_000_000L;

    private Fixtures() {
    }

    static byte[] data(int size) {
        byte[] data = new byte[size];
        new Random(size).nextBytes(data);
        return data;
    }

    static LegacyTransaction legacy(byte[] data) {
        return LegacyTransaction.builder().chainId(CHAIN_ID).nonce(NONCE).gasPrice(GAS_PRICE).gasLimit(GAS_LIMIT)
                .to(Address.of(TO)).value(VALUE).data(data).build();
    }

    static RawTransaction w3Legacy(byte[] data) {
        return RawTransaction.createTransaction(BigInteger.valueOf(NONCE), BigInteger.valueOf(GAS_PRICE),
                BigInteger.valueOf(GAS_LIMIT), TO, VALUE, Hex.encode(data));
    }

    static Eip1559Transaction eip1559(byte[] data) {
        return Eip1559Transaction.builder().chainId(CHAIN_ID).nonce(NONCE).maxPriorityFeePerGas(MAX_PRIORITY_FEE)
                .maxFeePerGas(MAX_FEE).gasLimit(GAS_LIMIT).to(Address.of(TO)).value(VALUE).data(data).build();
    }

    static RawTransaction w3Eip1559(byte[] data) {
        return RawTransaction.createTransaction(CHAIN_ID, BigInteger.valueOf(NONCE), BigInteger.valueOf(GAS_LIMIT),
                TO, VALUE, Hex.encode(data), BigInteger.valueOf(MAX_PRIORITY_FEE), BigInteger.valueOf(MAX_FEE));
    }
}
