package sh.brane.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import sh.brane.primitives.Keccak256;

/**
 * Issue 11 item 2: after a signature, the thread's RFC 6979 nonce generator holds nothing derived from the key.
 * Its HMAC state used to keep V (the last nonce k, which with the public signature gives the private key) and K
 * (derived from the key) until the next signature on that thread, so a heap dump taken after
 * {@link PrivateKey#destroy()} still held the key.
 */
class NonceStateHygieneTest {

    @Test
    void theNonceGeneratorIsZeroAfterEachSignature() throws Exception {
        PrivateKey key = PrivateKey.fromHex("4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318");
        Signature signature = key.signHash(Keccak256.hash(new byte[] {1, 2, 3}));
        key.destroy();
        assertThat(signature.r().signum()).isPositive();

        Object generator = threadsNonceGenerator();
        assertThat(generator).as("this thread signed, so it has a generator to inspect").isNotNull();
        List<String> dirty = new ArrayList<>();
        walk(generator, generator.getClass().getSimpleName(), new IdentityHashMap<>(), dirty);
        assertThat(dirty).as("key-derived state left in the nonce generator after signing").isEmpty();
    }

    private static boolean ours(Class<?> c) {
        return c.getPackageName().startsWith("org.bouncycastle") || c.getPackageName().startsWith("sh.brane");
    }

    /** The generator object the signing thread keeps (whatever its class), read from Secp256k1's thread local. */
    private static Object threadsNonceGenerator() throws Exception {
        Field f = Secp256k1.class.getDeclaredField("NONCES");
        f.setAccessible(true);
        return ((ThreadLocal<?>) f.get(null)).get();
    }

    /**
     * Every array reachable from {@code o} through fields of BouncyCastle's and Brane's classes must be all zeros;
     * every BigInteger must be null or the public curve order n; every SHA-256 must be in its initial state.
     */
    private static void walk(Object o, String path, Map<Object, Boolean> seen, List<String> dirty) throws Exception {
        if (o == null || seen.put(o, Boolean.TRUE) != null) {
            return;
        }
        if (o instanceof BigInteger b) {
            if (!b.equals(Secp256k1.N)) {
                dirty.add(path + " = a BigInteger other than n");
            }
            return;
        }
        Class<?> c = o.getClass();
        if (c.isArray()) {
            if (c.getComponentType().isPrimitive()) {
                for (int i = 0; i < Array.getLength(o); i++) {
                    if (((Number) (c == byte[].class ? (Number) Array.getByte(o, i)
                            : c == int[].class ? (Number) Array.getInt(o, i)
                            : c == long[].class ? (Number) Array.getLong(o, i) : 0)).longValue() != 0) {
                        dirty.add(path + "[" + i + "] != 0");
                        return;
                    }
                }
            } else {
                for (int i = 0; i < Array.getLength(o); i++) {
                    walk(Array.get(o, i), path + "[" + i + "]", seen, dirty);
                }
            }
            return;
        }
        if (o instanceof org.bouncycastle.crypto.digests.SHA256Digest digest) {
            // its chaining value is in int fields: compare the whole state with a fresh digest's
            if (!java.util.Arrays.equals(digest.getEncodedState(), new org.bouncycastle.crypto.digests.SHA256Digest().getEncodedState())) {
                dirty.add(path + " is a SHA-256 midway through key-derived input");
            }
            return;
        }
        if (!ours(c) || o instanceof Enum<?>) {
            return;
        }
        for (Class<?> k = c; k != null && ours(k); k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive()) {
                    continue;
                }
                f.setAccessible(true);
                walk(f.get(o), path + "." + f.getName(), seen, dirty);
            }
        }
    }
}
