package sh.brane.example;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.ImportRuntimeHints;
import org.springframework.scheduling.annotation.EnableScheduling;

/**
 * A small payments service on Brane for Spring: chain and account reads, an ERC-20 token, signed transfers,
 * a live stream of new blocks, and a dashboard of what the client does.
 */
@SpringBootApplication
@EnableScheduling
@ImportRuntimeHints(sh.brane.example.aot.ExampleRuntimeHints.class)
public class ExampleApplication {

    public static void main(String[] args) {
        SpringApplication.run(ExampleApplication.class, args);
    }
}
