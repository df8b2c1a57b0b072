package sh.brane.spring.boot.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which {@code brane.*} properties hold secrets: every value of a signer ({@code brane.signer.*},
 * {@code brane.signers.<name>.*}, {@code brane.chains.<chain>.signer(s).*}: the whole group, so a secret a signer type
 * adds later is covered without being listed) and the node's URL, headers and endpoints (hosted nodes put API keys in
 * the path or a header), under {@code brane.rpc} and {@code brane.chains.<chain>.rpc}. One rule for every place that
 * must not show them: the Actuator's sanitizing function and the start-up failure report
 * ({@link BraneSecretPropertyFailureAnalyzer}). Plain string work, so it loads without Actuator on the class path.
 */
public final class BraneSecretProperties {

    private BraneSecretProperties() {
    }

    /** Lower case, '_' read as '.' (environment variables) and '-' dropped (kebab and camel case meet). */
    public static String canonical(String key) {
        return key.toLowerCase(Locale.ROOT).replace('_', '.').replace("-", "");
    }

    /** Whether the property {@code key} (canonical) holds a Brane secret. */
    public static boolean isSecret(String key) {
        List<String> segments = segments(key);
        if (segments.size() < 2 || !segments.get(0).equals("brane")) {
            return false;
        }
        List<String> rest = segments.subList(2, segments.size());
        return switch (segments.get(1)) {
            case "signer", "signers" -> true;
            case "rpc" -> isNodeSecret(rest);
            // brane.chains.<chain>.<...>: the chain's name may itself span segments (an environment variable)
            case "chains" -> rest.isEmpty() || containsSignerOrNodeSecret(rest);
            default -> false;
        };
    }

    private static boolean containsSignerOrNodeSecret(List<String> segments) {
        for (int i = 0; i < segments.size(); i++) {
            String segment = segments.get(i);
            if (segment.equals("signer") || segment.equals("signers")
                    || (segment.equals("rpc") && isNodeSecret(segments.subList(i + 1, segments.size())))) {
                return true;
            }
        }
        return false;
    }

    /** Below {@code rpc}: the URL, the headers, the endpoints' URLs and headers (or the endpoints as one value). */
    private static boolean isNodeSecret(List<String> segments) {
        if (segments.isEmpty()) {
            return false;
        }
        return switch (segments.get(0)) {
            case "url" -> segments.size() == 1;
            case "headers" -> true;
            case "endpoints" -> segments.size() == 1 || segments.contains("url") || segments.contains("headers");
            default -> false;
        };
    }

    private static List<String> segments(String key) {
        List<String> out = new ArrayList<>();
        for (String part : key.split("[.\\[\\]]")) {
            if (!part.isEmpty()) {
                out.add(part);
            }
        }
        return out;
    }
}
