package sh.brane.spring.boot.autoconfigure.actuate;

import java.util.Locale;

import org.springframework.boot.actuate.endpoint.SanitizableData;
import org.springframework.boot.actuate.endpoint.SanitizingFunction;

/**
 * Masks every {@code brane.signer.*} and {@code brane.signers.*} value (private key, keystore password,
 * mnemonic, PKCS#11 PIN and the rest) and every
 * {@code brane.rpc.headers.*} value, {@code brane.rpc.url} and the URLs and headers of
 * {@code brane.rpc.endpoints} (hosted nodes put API keys in headers or in the URL's path), in any spelling the relaxed binder accepts (e.g. the
 * {@code BRANE_SIGNER_PRIVATE_KEY} environment variable).
 */
public final class BraneSanitizingFunction implements SanitizingFunction {

    @Override
    public SanitizableData apply(SanitizableData data) {
        String key = data.getKey();
        if (key == null) {
            return data;
        }
        String canonical = key.toLowerCase(Locale.ROOT).replace('_', '.').replace("-", "");
        if (within(canonical, "brane.signer") || within(canonical, "brane.signers")
                || within(canonical, "brane.rpc.headers")
                || canonical.equals("brane.rpc.url") || isEndpointSecret(canonical)) {
            return data.withValue(SanitizableData.SANITIZED_VALUE);
        }
        return data;
    }

    private static boolean isEndpointSecret(String key) {
        if (key.equals("brane.rpc.endpoints")) {
            return true; // the whole list as one value
        }
        return within(key, "brane.rpc.endpoints") && (key.endsWith(".url") || key.contains(".headers"));
    }

    private static boolean within(String key, String group) {
        return key.equals(group) || key.startsWith(group + ".") || key.startsWith(group + "[");
    }
}
