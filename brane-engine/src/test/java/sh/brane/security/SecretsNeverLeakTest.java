package sh.brane.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * Runs {@link LeakScenarioMain} in a fresh JVM with every logger at TRACE (slf4j-simple writes to
 * System.err, which is captured together with System.out) and asserts that no private key, mnemonic,
 * password, API key in a URL path or query, userinfo password or Authorization header value appears
 * anywhere: not in a log line, a {@code toString}, an exception message or a stack trace.
 */
class SecretsNeverLeakTest {

    @Test
    void noSecretInLogsToStringsOrExceptions() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-Dorg.slf4j.simpleLogger.defaultLogLevel=trace",
                "-cp", System.getProperty("java.class.path"), LeakScenarioMain.class.getName())
                .redirectErrorStream(true).start();
        child.getOutputStream().close();
        byte[] out = child.getInputStream().readAllBytes();
        assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String output = new String(out, StandardCharsets.UTF_8);
        assertThat(output).as(output).contains("SCENARIO DONE");
        assertThat(child.exitValue()).isZero();
        // the scenario really produced the texts and log lines it is meant to
        assertThat(output).contains("wrong password").contains("alchemy").contains("infura")
                .contains("ConnectionLostException").contains("rate limited");
        assertThat(output.lines().filter(l -> l.startsWith("TEXT: ")).count()).isGreaterThan(40);

        for (String secret : secretForms()) {
            assertThat(output).as("output must not contain %s", secret).doesNotContain(secret);
            assertThat(output.toLowerCase(Locale.ROOT)).as("output must not contain %s in any case", secret)
                    .doesNotContain(secret.toLowerCase(Locale.ROOT));
        }
    }

    /** Each secret as it may appear: hex lower/upper, with and without 0x; phrases whole and in part. */
    private static List<String> secretForms() {
        List<String> forms = new ArrayList<>();
        String key = LeakScenarioMain.KEY;
        forms.add(key);
        forms.add(key.toUpperCase(Locale.ROOT));
        forms.add("0x" + key);
        forms.add(key.substring(0, 16));
        forms.add(key.substring(48));
        forms.add(LeakScenarioMain.PHRASE);
        forms.add("legal winner thank");
        forms.add("sausage worth useful");
        forms.add("yelow");
        forms.add(LeakScenarioMain.PASSWORD);
        forms.add(LeakScenarioMain.PATH_KEY);
        forms.add(LeakScenarioMain.QUERY_KEY);
        forms.add(LeakScenarioMain.HEADER_KEY);
        forms.add(LeakScenarioMain.USERINFO_PASSWORD);
        return forms;
    }
}
