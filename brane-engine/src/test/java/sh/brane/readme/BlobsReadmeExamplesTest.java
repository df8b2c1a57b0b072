package sh.brane.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import sh.brane.client.BraneClient;
import sh.brane.client.Receipt;
import sh.brane.client.SigningClient;
import sh.brane.client.TxRequest;
import sh.brane.core.blob.Blob;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.devnet.Anvil;
import sh.brane.rpc.HttpProvider;

/** The code of the section "Sending" in docs/blobs.md, kept compiling and true on a real Anvil. */
class BlobsReadmeExamplesTest {

    @Test
    void sendABlob() {
        try (Anvil anvil = Anvil.builder().hardfork("prague").accounts(1).start();
                HttpProvider provider = HttpProvider.create(anvil.httpUrl());
                BraneClient client = new BraneClient(provider, Duration.ofMillis(20))) {
            PrivateKey key = PrivateKey.fromHex(anvil.account(0).privateKey());
            Address inbox = Address.of("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");

            SigningClient signing = new SigningClient(client, key);
            Blob blob = Blob.fromData("a batch of rollup data".getBytes(StandardCharsets.UTF_8));
            Receipt receipt = signing.send(TxRequest.builder()
                    .to(inbox)                                   // a blob transaction cannot create a contract
                    .blobs(List.of(blob))                        // commitments and proofs are computed before signing
                    .build());
            receipt.blobGasUsed();                               // 131072 per blob

            assertThat(receipt.blobGasUsed()).isEqualTo(131_072L);
            assertThat(new String(blob.toData(), StandardCharsets.UTF_8)).isEqualTo("a batch of rollup data");
        }
    }
}
