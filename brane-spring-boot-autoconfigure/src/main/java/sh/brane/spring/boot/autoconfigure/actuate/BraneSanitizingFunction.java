package sh.brane.spring.boot.autoconfigure.actuate;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.springframework.boot.actuate.endpoint.SanitizableData;
import org.springframework.boot.actuate.endpoint.SanitizingFunction;
import org.springframework.boot.json.JsonParserFactory;

import static sh.brane.spring.boot.autoconfigure.BraneSecretProperties.canonical;
import static sh.brane.spring.boot.autoconfigure.BraneSecretProperties.isSecret;

/**
 * Masks Brane's secrets ({@link sh.brane.spring.boot.autoconfigure.BraneSecretProperties}) in {@code /actuator/env}
 * and {@code /actuator/configprops}, from whatever property source
 * they come, in any spelling the relaxed binder accepts ({@code brane.signer.private-key},
 * {@code brane.signer.privateKey}, {@code BRANE_SIGNER_PRIVATE_KEY}):
 * <ul>
 * <li>every value of a signer: {@code brane.signer.*}, {@code brane.signers.<name>.*} and
 * {@code brane.chains.<chain>.signer(s).*}. The whole group, not a list of secret names, so a secret a signer
 * type adds later (a PIN, a cloud credential) is masked without anyone remembering to list it;</li>
 * <li>the node's URL, headers and endpoints ({@code brane.rpc.url}, {@code brane.rpc.headers.*},
 * {@code brane.rpc.endpoints}, and the same under {@code brane.chains.<chain>.rpc}): hosted nodes put API keys in
 * the path or a header;</li>
 * <li>whole blobs of configuration that carry one of the above inside: {@code SPRING_APPLICATION_JSON} /
 * {@code spring.application.json} (read as Boot reads it; masked whole when it holds a Brane secret or cannot be
 * read), and the JVM's command line and option variables ({@code sun.java.command}, {@code JAVA_TOOL_OPTIONS},
 * {@code JDK_JAVA_OPTIONS}, {@code _JAVA_OPTIONS}) when one of their {@code --name=} or {@code -Dname=} arguments
 * is a Brane secret.</li>
 * </ul>
 */
public final class BraneSanitizingFunction implements SanitizingFunction {

    /** sun.java.command, JAVA_TOOL_OPTIONS, JDK_JAVA_OPTIONS and _JAVA_OPTIONS, canonical. */
    private static final Set<String> COMMAND_LINES = Set.of("sun.java.command", "java.tool.options",
            "jdk.java.options", ".java.options");

    @Override
    public SanitizableData apply(SanitizableData data) {
        String key = data.getKey();
        if (key == null) {
            return data;
        }
        String canonical = canonical(key);
        if (isSecret(canonical) || carriesSecret(canonical, data.getValue())) {
            return data.withValue(SanitizableData.SANITIZED_VALUE);
        }
        return data;
    }

    /** Whether {@code value}, a blob of configuration under {@code key}, carries a Brane secret inside. */
    private static boolean carriesSecret(String key, Object value) {
        if (!(value instanceof CharSequence text)) {
            return false;
        }
        if (key.equals("spring.application.json")) {
            return jsonCarriesSecret(text.toString());
        }
        if (COMMAND_LINES.contains(key)) {
            return argumentsCarrySecret(text.toString());
        }
        return false;
    }

    private static boolean jsonCarriesSecret(String json) {
        Map<String, Object> map;
        try {
            map = JsonParserFactory.getJsonParser().parseMap(json);
        }
        catch (RuntimeException ex) {
            // unreadable (Boot would refuse to start with it), so it cannot be shown to hold no secret
            return true;
        }
        return anySecret("", map);
    }

    /** Walks the JSON as Boot flattens it into properties: nested objects joined by '.', arrays as [i]. */
    private static boolean anySecret(String prefix, Object value) {
        if (value instanceof Map<?, ?> map) {
            if (!prefix.isEmpty() && isSecret(canonical(prefix))) {
                return true;
            }
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                String name = prefix.isEmpty() ? String.valueOf(entry.getKey()) : prefix + "." + entry.getKey();
                if (anySecret(name, entry.getValue())) {
                    return true;
                }
            }
            return false;
        }
        if (value instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                if (anySecret(prefix + "[" + i + "]", list.get(i))) {
                    return true;
                }
            }
            return isSecret(canonical(prefix));
        }
        return isSecret(canonical(prefix));
    }

    private static boolean argumentsCarrySecret(String arguments) {
        for (String argument : arguments.split("\\s+")) {
            String name = argument.startsWith("--") ? argument.substring(2)
                    : argument.startsWith("-D") ? argument.substring(2) : null;
            if (name == null) {
                continue;
            }
            int equals = name.indexOf('=');
            if (isSecret(canonical(equals < 0 ? name : name.substring(0, equals)))) {
                return true;
            }
        }
        return false;
    }
}
