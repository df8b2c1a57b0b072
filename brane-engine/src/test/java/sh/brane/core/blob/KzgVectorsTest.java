package sh.brane.core.blob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import sh.brane.primitives.Hex;

/**
 * c-kzg-4844's published vectors (test resources {@code vectors/c-kzg-4844/}, sources in its SOURCES.md) through the
 * binding and trusted setup this library ships.
 */
class KzgVectorsTest {
    private static final String DIR = "/vectors/c-kzg-4844/";
    private static final String INFINITY = "0xc0" + "00".repeat(47);
    private static final String MODULUS_MINUS_ONE = "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000000";

    @ParameterizedTest
    @ValueSource(strings = {"verify_kzg_proof_case_correct_proof_0_1", "verify_kzg_proof_case_incorrect_proof_0_1",
            "verify_kzg_proof_case_invalid_commitment_0"})
    void verifyKzgProof(String name) {
        Map<String, String> v = read(name);
        byte[] commitment = Hex.decode(v.get("commitment"));
        byte[] z = Hex.decode(v.get("z"));
        byte[] y = Hex.decode(v.get("y"));
        byte[] proof = Hex.decode(v.get("proof"));
        if (v.get("output").equals("null")) {
            assertThatThrownBy(() -> Kzg.verifyPointProof(commitment, z, y, proof)).isInstanceOf(RuntimeException.class);
        } else {
            assertThat(Kzg.verifyPointProof(commitment, z, y, proof)).isEqualTo(Boolean.parseBoolean(v.get("output")));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"verify_cell_kzg_proof_batch_case_valid_same_cell_multiple_times_e08731c0853b0a0b",
            "verify_cell_kzg_proof_batch_case_incorrect_proof_ba29feeee48d58ec"})
    void verifyCellKzgProofBatch(String name) {
        Map<String, String> v = read(name);
        List<String> indices = list(v.get("cell_indices"));
        long[] cellIndices = indices.stream().mapToLong(Long::parseLong).toArray();
        boolean ok = Kzg.verifyCellBatch(concat(v.get("commitments")), cellIndices, concat(v.get("cells")),
                concat(v.get("proofs")));
        assertThat(ok).isEqualTo(Boolean.parseBoolean(v.get("output")));
    }

    @Test
    void blobToKzgCommitmentOfTheZeroBlobIsThePointAtInfinity() {
        Blob zero = Blob.of(new byte[Blob.BYTES]);
        assertThat(Kzg.commitment(zero).toHex()).isEqualTo(INFINITY);
    }

    @Test
    void blobToKzgCommitmentAndProofOfTheModulusMinusOneBlob() {
        Blob blob = filled(MODULUS_MINUS_ONE);
        KzgCommitment c = Kzg.commitment(blob);
        assertThat(c.toHex()).isEqualTo(
                "0xb7f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb");
        KzgProof proof = Kzg.blobProof(blob, c);
        assertThat(proof.toHex()).isEqualTo(INFINITY);
        assertThat(Kzg.verifyBlobProof(blob, c, proof)).isTrue();
    }

    private static Blob filled(String elementHex) {
        byte[] element = Hex.decode(elementHex);
        byte[] bytes = new byte[Blob.BYTES];
        for (int i = 0; i < Blob.FIELD_ELEMENTS; i++) {
            System.arraycopy(element, 0, bytes, i * 32, 32);
        }
        return Blob.of(bytes);
    }

    private static byte[] concat(String yamlList) {
        List<String> items = list(yamlList);
        byte[][] parts = new byte[items.size()][];
        int total = 0;
        for (int i = 0; i < parts.length; i++) {
            parts[i] = Hex.decode(items.get(i));
            total += parts[i].length;
        }
        byte[] out = new byte[total];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }

    private static List<String> list(String yamlList) {
        List<String> out = new ArrayList<>();
        for (String s : yamlList.substring(1, yamlList.length() - 1).split(",")) {
            if (!s.isBlank()) {
                out.add(s.strip().replace("'", ""));
            }
        }
        return out;
    }

    /** The flat keys of one data.yaml: scalars unquoted, lists kept as their bracketed text. */
    private static Map<String, String> read(String name) {
        String text;
        try (InputStream in = KzgVectorsTest.class.getResourceAsStream(DIR + name + ".yaml")) {
            assertThat(in).as(name).isNotNull();
            text = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        Map<String, String> out = new HashMap<>();
        Matcher m = Pattern.compile("(\\w+): (\\[[^\\]]*\\]|'[^']*'|\\w+)").matcher(text);
        while (m.find()) {
            out.put(m.group(1), m.group(2).startsWith("'") ? m.group(2).replace("'", "") : m.group(2));
        }
        return out;
    }
}
