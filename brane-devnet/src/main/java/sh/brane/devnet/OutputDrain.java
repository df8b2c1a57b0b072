package sh.brane.devnet;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads Anvil's combined stdout/stderr on a daemon thread so the pipe never fills, keeps the last lines
 * for error messages, and picks the dev accounts out of the startup banner.
 *
 * <p>Anvil prints private keys and the mnemonic in its banner; those lines are kept out of the tail and
 * the log so that an error message can never leak them.
 */
final class OutputDrain {
    private static final Logger LOG = LoggerFactory.getLogger("sh.brane.devnet.anvil");
    static final String REDACTED = "[redacted]";

    private final int maxLines;
    private final ArrayDeque<String> tail;
    private final List<String> addresses = new ArrayList<>();
    private final List<String> keys = new ArrayList<>();
    private final CountDownLatch listening = new CountDownLatch(1);
    private final CompletableFuture<Long> pid = new CompletableFuture<>();
    private final boolean pidMarker;
    private final Thread thread;
    private Section section = Section.NONE;

    private enum Section { NONE, ACCOUNTS, KEYS }

    /**
     * @param pidMarker whether the first line is the watchdog's {@link AnvilLauncher#PID_MARKER} line, which is
     *     read for {@link #awaitPid} and not kept
     */
    OutputDrain(InputStream in, int maxLines, String threadName, boolean pidMarker) {
        this.maxLines = maxLines;
        this.pidMarker = pidMarker;
        this.tail = new ArrayDeque<>(Math.min(maxLines, 256));
        this.thread = new Thread(() -> drain(in), threadName);
        thread.setDaemon(true);
        thread.start();
    }

    private void drain(InputStream in) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            boolean first = pidMarker;
            while ((line = reader.readLine()) != null) {
                if (first) {
                    first = false;
                    if (line.startsWith(AnvilLauncher.PID_MARKER)) {
                        pid.complete(parsePid(line.substring(AnvilLauncher.PID_MARKER.length())));
                        continue;
                    }
                }
                accept(line);
            }
        } catch (IOException e) {
            // the stream closes when the process is destroyed; nothing to report
        } finally {
            pid.complete(-1L); // no marker: whoever waits for it learns at once
        }
    }

    private static long parsePid(String text) {
        String digits = text.strip();
        if (digits.isEmpty() || digits.length() > 18 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return -1;
        }
        return Long.parseLong(digits);
    }

    /**
     * The PID the watchdog printed on its first line, or -1 when the output ended without it or did not come within
     * {@code millis}.
     */
    long awaitPid(long millis) throws InterruptedException {
        try {
            return pid.get(millis, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            return -1;
        }
    }

    private void accept(String line) {
        String trimmed = line.strip();
        String kept = line;
        if (trimmed.equals("Available Accounts")) {
            section = Section.ACCOUNTS;
        } else if (trimmed.equals("Private Keys")) {
            section = Section.KEYS;
        } else if (trimmed.equals("Wallet") || trimmed.startsWith("Listening on")) {
            section = Section.NONE;
        }
        if (trimmed.startsWith("(") && section != Section.NONE) {
            String value = bannerValue(trimmed);
            if (value != null) {
                synchronized (this) {
                    (section == Section.ACCOUNTS ? addresses : keys).add(value);
                }
            }
            if (section == Section.KEYS) {
                kept = REDACTED;
            }
        } else if (trimmed.startsWith("Mnemonic:") || trimmed.startsWith("Private Key")
                && !trimmed.equals("Private Keys")) {
            kept = REDACTED;
        }
        synchronized (this) {
            if (tail.size() == maxLines) {
                tail.removeFirst();
            }
            tail.addLast(kept);
        }
        if (LOG.isTraceEnabled()) {
            LOG.trace("{}", kept);
        }
        if (trimmed.startsWith("Listening on")) {
            listening.countDown();
        }
    }

    /** "(3) 0xabc… (10000 ETH)" → "0xabc…", or null if the line has another shape. */
    private static String bannerValue(String line) {
        int close = line.indexOf(')');
        if (close < 0) {
            return null;
        }
        String rest = line.substring(close + 1).strip();
        int end = rest.indexOf(' ');
        String value = end < 0 ? rest : rest.substring(0, end);
        return value.startsWith("0x") ? value : null;
    }

    /** Waits until Anvil printed "Listening on", i.e. its banner has been read completely. */
    boolean awaitBanner(long millis) throws InterruptedException {
        return listening.await(millis, TimeUnit.MILLISECONDS);
    }

    /** The accounts from the banner, or an empty list when the banner was absent (e.g. --silent). */
    synchronized List<DevAccount> accounts() {
        int n = Math.min(addresses.size(), keys.size());
        List<DevAccount> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(new DevAccount(i, addresses.get(i), keys.get(i)));
        }
        return List.copyOf(out);
    }

    synchronized List<String> lines() {
        return List.copyOf(tail);
    }

    String tailText() {
        List<String> lines = lines();
        if (lines.isEmpty()) {
            return "(no output)";
        }
        return String.join(System.lineSeparator(), lines);
    }

    synchronized boolean contains(String text) {
        for (String line : tail) {
            if (line.contains(text)) {
                return true;
            }
        }
        return false;
    }

    void join(long millis) {
        try {
            thread.join(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
