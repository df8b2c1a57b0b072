package sh.brane.client.tx;

import java.math.BigInteger;
import java.time.Duration;

import org.postgresql.ds.PGSimpleDataSource;

import sh.brane.client.BraneClient;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.rpc.HttpProvider;

/**
 * A service instance that signs and journals one transfer, says so, and then waits to be killed before it
 * broadcasts: {@link PostgresTransactionLifecycleTest} kills it with SIGKILL at that point.
 * Arguments: JDBC URL, node URL, private key (a dev account's), recipient, value in wei.
 */
public final class SignThenWaitMain {
    public static void main(String[] args) throws Exception {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setUrl(args[0]);
        ds.setUser("postgres");
        try (HttpProvider provider = HttpProvider.create(args[1]);
                BraneClient client = new BraneClient(provider, Duration.ofMillis(20))) {
            TransactionSender sender = TransactionLifecycleTestBase.sender(client, PrivateKey.fromHex(args[2]),
                    new JdbcTransactionStore(ds), SendLimits.NONE);
            Address to = Address.of(args[3]);
            long value = Long.parseLong(args[4]);
            JournalEntry signed = sender.sign(n -> TransactionLifecycleTestBase.transfer(n, to, value,
                    TransactionLifecycleTestBase.GWEI.multiply(BigInteger.TEN)), false).orElseThrow();
            System.out.println("SIGNED " + signed.hash().toHex() + " " + signed.nonce());
            System.out.flush();
            Thread.sleep(Long.MAX_VALUE); // killed here, between signing and broadcasting
        }
    }
}
