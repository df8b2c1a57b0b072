package sh.brane.spring.boot.autoconfigure.aot;

import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;

/**
 * What a native image of a Brane application needs that static analysis cannot see: the BIP-39 word list (read as
 * a resource by the mnemonic signer), the fields the LMAX Disruptor reaches through VarHandles and field updaters,
 * and the {@code jdk.net.ExtendedSocketOptions.TCP_QUICKACK} field read reflectively by the transports. Registered
 * in {@code META-INF/spring/aot.factories}.
 */
public class BraneRuntimeHints implements RuntimeHintsRegistrar {

    /** The mnemonic signer's word list, read with Class.getResourceAsStream. */
    public static final String BIP39_WORD_LIST = "sh/brane/core/crypto/bip39-english.txt";

    /** Disruptor classes whose fields are found by name (VarHandle / AtomicReferenceFieldUpdater). */
    static final String[] DISRUPTOR_FIELD_HOLDERS = { "com.lmax.disruptor.Sequence",
            "com.lmax.disruptor.AbstractSequencer", "com.lmax.disruptor.SequenceGroup" };

    /** Read with Class.forName and getField("TCP_QUICKACK"); absent on a JDK without jdk.net. */
    static final String EXTENDED_SOCKET_OPTIONS = "jdk.net.ExtendedSocketOptions";

    @Override
    public void registerHints(RuntimeHints hints, ClassLoader classLoader) {
        hints.resources().registerPattern(BIP39_WORD_LIST);
        for (String holder : DISRUPTOR_FIELD_HOLDERS) {
            hints.reflection().registerType(TypeReference.of(holder), MemberCategory.ACCESS_DECLARED_FIELDS);
        }
        hints.reflection().registerType(TypeReference.of(EXTENDED_SOCKET_OPTIONS),
                (type) -> type.withField("TCP_QUICKACK"));
    }
}
