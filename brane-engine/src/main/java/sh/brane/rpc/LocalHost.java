package sh.brane.rpc;

import java.util.Locale;
import java.util.regex.Pattern;

/** Whether a URL's host names this machine, from its text alone: no name is resolved. */
final class LocalHost {

    private static final Pattern IPV4_LOOPBACK = Pattern.compile("127(\\.(25[0-5]|2[0-4]\\d|1?\\d?\\d)){3}");
    private static final Pattern IPV6_LOOPBACK = Pattern.compile("\\[(0{0,4}:){2,7}0{0,3}1\\]|\\[::1\\]");

    private LocalHost() {
    }

    /** True for {@code localhost} (and names under {@code .localhost}), 127.0.0.0/8 and {@code [::1]}. */
    static boolean is(String host) {
        if (host == null || host.isEmpty()) {
            return false;
        }
        String h = host.toLowerCase(Locale.ROOT);
        if (h.endsWith(".")) {
            h = h.substring(0, h.length() - 1);
        }
        // RFC 6761: localhost and its subdomains always resolve to loopback
        return h.equals("localhost") || h.endsWith(".localhost") || IPV4_LOOPBACK.matcher(h).matches()
                || IPV6_LOOPBACK.matcher(h).matches();
    }
}
