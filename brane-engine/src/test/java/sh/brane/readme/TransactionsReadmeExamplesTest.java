package sh.brane.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;

import org.junit.jupiter.api.Test;

import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.tx.Authorization;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.tx.Eip7702Transaction;
import sh.brane.core.tx.SignedAuthorization;
import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.primitives.Keccak256;

/** The code of the section "Transactions" in docs/engine.md, kept compiling and true. */
class TransactionsReadmeExamplesTest {

    @Test
    void signAndDecode() {
        PrivateKey key = PrivateKey.fromHex("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");

        Eip1559Transaction tx = Eip1559Transaction.builder()
                .chainId(31337)
                .nonce(0)
                .maxPriorityFeePerGas(1_000_000_000L)   // 1 gwei
                .maxFeePerGas(30_000_000_000L)          // 30 gwei
                .gasLimit(21_000)
                .to(Address.of("0x70997970C51812dc3A010C7d01b50e0d17dc79C8"))
                .value(new BigInteger("1000000000000000000")) // 1 ether
                .build();

        SignedTransaction signed = tx.sign(key);
        String raw = signed.toHex();          // the parameter of eth_sendRawTransaction
        Hash txHash = signed.hash();          // keccak256 of the raw bytes
        Hash signingHash = tx.signingHash();  // what the key signed

        // Any raw transaction (from a block, a mempool, a log) decodes back, sender included.
        SignedTransaction decoded = SignedTransaction.decode(raw);
        Address from = decoded.sender();      // recovered from the signature

        assertThat(raw).startsWith("0x02");
        assertThat(txHash.toBytes()).isEqualTo(Keccak256.hash(signed.rawBytes()));
        assertThat(signingHash).isEqualTo(decoded.transaction().signingHash());
        assertThat(decoded.transaction()).isEqualTo(tx);
        assertThat(from).isEqualTo(key.address());
    }

    @Test
    void setCode() {
        PrivateKey accountKey = PrivateKey.fromHex("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
        Address delegateContract = Address.of("0x5FbDB2315678afecb367f032d93F642f64180aa3");
        long accountNonce = 1;

        SignedAuthorization authorization = new Authorization(31337, delegateContract, accountNonce).sign(accountKey);
        Eip7702Transaction setCode = Eip7702Transaction.builder()
                .chainId(31337).nonce(0).maxPriorityFeePerGas(1_000_000_000L).maxFeePerGas(30_000_000_000L)
                .gasLimit(100_000)
                .to(accountKey.address())
                .authorizations(authorization)
                .build();
        Address authority = authorization.recoverAuthority(); // the account whose code is set

        assertThat(authority).isEqualTo(accountKey.address());
        assertThat(SignedTransaction.decode(setCode.sign(accountKey).rawBytes()).transaction()).isEqualTo(setCode);
    }
}
