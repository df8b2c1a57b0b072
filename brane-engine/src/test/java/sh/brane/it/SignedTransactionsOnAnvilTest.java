package sh.brane.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.tx.AccessListEntry;
import sh.brane.core.tx.Authorization;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.tx.Eip2930Transaction;
import sh.brane.core.tx.Eip7702Transaction;
import sh.brane.core.tx.LegacyTransaction;
import sh.brane.core.tx.SignedAuthorization;
import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.junit.WithAnvil;
import tools.jackson.databind.JsonNode;

/**
 * Transactions of every type, built and signed by the engine, are accepted and mined by a real Anvil node;
 * Anvil's view of each (hash, sender, type) equals the engine's.
 */
@WithAnvil
class SignedTransactionsOnAnvilTest {
    private static final long GWEI = 1_000_000_000L;

    static Anvil anvil;

    private final TestRpc rpc = new TestRpc(anvil.httpUrl());
    private final PrivateKey alice = PrivateKey.fromHex(anvil.account(0).privateKey());
    private final Address bob = Address.of(anvil.account(1).address());

    @Test
    void legacyEip155TransferIsMined() {
        SignedTransaction signed = LegacyTransaction.builder()
                .chainId(anvil.chainId()).nonce(nonce(alice.address())).gasPrice(2 * GWEI).gasLimit(21_000)
                .to(bob).value(12_345).build().sign(alice);
        JsonNode tx = assertMined(signed, "0x0", anvil.account(0).address());
        long v = TestRpc.quantity(tx.get("v").asString());
        assertThat(v).isIn(anvil.chainId() * 2 + 35, anvil.chainId() * 2 + 36);
    }

    @Test
    void eip2930TransferWithAccessListIsMined() {
        SignedTransaction signed = Eip2930Transaction.builder()
                .chainId(anvil.chainId()).nonce(nonce(alice.address())).gasPrice(2 * GWEI).gasLimit(30_000)
                .to(bob).value(1)
                .accessList(List.of(AccessListEntry.of(bob, Hash.ZERO)))
                .build().sign(alice);
        JsonNode tx = assertMined(signed, "0x1", anvil.account(0).address());
        assertThat(tx.get("accessList").get(0).get("address").asString()).isEqualTo(bob.toHex());
    }

    @Test
    void eip1559TransferIsMined() {
        SignedTransaction signed = Eip1559Transaction.builder()
                .chainId(anvil.chainId()).nonce(nonce(alice.address()))
                .maxPriorityFeePerGas(GWEI).maxFeePerGas(10 * GWEI).gasLimit(21_000)
                .to(bob).value(BigInteger.TEN.pow(18))
                .build().sign(alice);
        assertMined(signed, "0x2", anvil.account(0).address());
    }

    @Test
    void eip7702DelegationIsMinedAndSetsTheAuthoritysCode() {
        PrivateKey authority = PrivateKey.fromHex(anvil.account(2).privateKey());
        PrivateKey sponsor = PrivateKey.fromHex(anvil.account(3).privateKey());
        Address delegate = Address.of("0x00000000000000000000000000000000000b2a7e");
        SignedAuthorization authorization =
                new Authorization(anvil.chainId(), delegate, nonce(authority.address())).sign(authority);
        assertThat(authorization.recoverAuthority()).isEqualTo(authority.address());

        SignedTransaction signed = Eip7702Transaction.builder()
                .chainId(anvil.chainId()).nonce(nonce(sponsor.address()))
                .maxPriorityFeePerGas(GWEI).maxFeePerGas(10 * GWEI).gasLimit(100_000)
                .to(authority.address()).value(0)
                .authorizationList(List.of(authorization))
                .build().sign(sponsor);
        assertMined(signed, "0x4", anvil.account(3).address());
        // EIP-7702: the authority's code is now the delegation designator 0xef0100 || delegate
        assertThat(rpc.call("eth_getCode", authority.address().toHex(), "latest").asString())
                .isEqualTo("0xef0100" + delegate.toHex().substring(2));
    }

    private long nonce(Address account) {
        return TestRpc.quantity(rpc.call("eth_getTransactionCount", account.toHex(), "pending").asString());
    }

    /** Sends, checks Anvil's hash, receipt status 1 and sender against the engine's; returns Anvil's tx. */
    private JsonNode assertMined(SignedTransaction signed, String type, String account) {
        Address expectedSender = Address.of(account);
        assertThat(signed.sender()).isEqualTo(expectedSender);
        String hash = rpc.call("eth_sendRawTransaction", signed.toHex()).asString();
        assertThat(hash).isEqualTo(signed.hash().toHex());

        JsonNode receipt = rpc.receipt(hash);
        assertThat(receipt.get("status").asString()).isEqualTo("0x1");
        assertThat(receipt.get("type").asString()).isEqualTo(type);
        assertThat(receipt.get("from").asString()).isEqualTo(expectedSender.toHex());

        JsonNode tx = rpc.call("eth_getTransactionByHash", hash);
        assertThat(tx.get("from").asString()).isEqualTo(expectedSender.toHex());
        // the engine recovers the account that signed, also from the raw bytes read back
        SignedTransaction decoded = SignedTransaction.decode(signed.toHex());
        assertThat(decoded.sender()).isEqualTo(expectedSender);
        assertThat(decoded.hash()).isEqualTo(signed.hash());
        return tx;
    }
}
