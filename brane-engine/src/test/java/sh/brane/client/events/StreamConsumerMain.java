package sh.brane.client.events;

import java.time.Duration;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

import sh.brane.client.BraneClient;
import sh.brane.client.contract.BraneContracts;
import sh.brane.client.contract.Erc20;
import sh.brane.core.types.Address;
import sh.brane.rpc.HttpProvider;

/**
 * A consuming instance in a process of its own, for the takeover test to kill with SIGKILL mid-stream. Arguments:
 * JDBC URL, node URL, token address, first block, stream name. Prints {@code APPLIED <amount> <block>} once the
 * handler applied a transfer (each takes 100 ms, so the test finds it mid-stream).
 */
public final class StreamConsumerMain {

    public static void main(String[] args) throws Exception {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(args[0]);
        config.setUsername("postgres");
        config.setMaximumPoolSize(2);
        HikariDataSource ds = new HikariDataSource(config);
        BraneClient client = new BraneClient(HttpProvider.create(args[1]), Duration.ofMillis(50));
        Erc20 token = BraneContracts.bind(Erc20.class, Address.of(args[2]), client);
        LogStream<Erc20.Transfer> stream = LogStream.builder(client).name(args[4]).event(token, Erc20.Transfer.class)
                .fromBlock(Long.parseLong(args[3])).pollInterval(Duration.ofMillis(50)).owner("victim")
                .checkpoints(new JdbcCheckpointStore(ds), Duration.ofSeconds(1)).build(log -> {
                    Thread.sleep(100);
                    System.out.println("APPLIED " + log.event().value() + " " + log.blockNumber());
                    System.out.flush();
                });
        stream.start();
        Thread.sleep(Long.MAX_VALUE);
    }
}
