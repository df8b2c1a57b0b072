package sh.brane.client.auth;

import java.util.Arrays;

import sh.brane.client.CallRequest;
import sh.brane.client.RevertException;
import sh.brane.core.abi.AbiValue;
import sh.brane.core.abi.FastAbiEncoder;
import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;

/** ERC-1271: {@code isValidSignature(bytes32,bytes)} asked of a deployed account; its magic answer is 0x1626ba7e. */
final class Erc1271 {

    /** The selector of {@code isValidSignature(bytes32,bytes)}, which is also the "valid" answer. */
    static final byte[] MAGIC = {0x16, 0x26, (byte) 0xba, 0x7e};

    /** An EIP-7702 delegation designator: {@code 0xef0100 || address}, the code of a delegating EOA. */
    private static final byte[] DELEGATION_PREFIX = {(byte) 0xef, 0x01, 0x00};

    private Erc1271() {
    }

    static CallRequest request(Address account, byte[] hash, byte[] signature) {
        return CallRequest.to(account, FastAbiEncoder.encode(MAGIC, AbiValue.bytesN(32, hash),
                AbiValue.bytes(signature)));
    }

    /**
     * The account's answer: valid when it is an ABI word that starts with the magic value. An answer too short to be
     * a {@code bytes4} word (a contract whose fallback returns nothing) is a refusal, as Solidity callers treat it.
     */
    static SignatureVerification read(Address account, byte[] answer) {
        if (answer.length >= 32 && Arrays.equals(answer, 0, 4, MAGIC, 0, 4)) {
            return SignatureVerification.valid(account, SignatureVerification.Method.ERC1271);
        }
        return SignatureVerification.invalid(account, SignatureVerification.Method.ERC1271,
                "the account's isValidSignature answered " + preview(answer) + ", not 0x1626ba7e");
    }

    static SignatureVerification reverted(Address account, RevertException revert) {
        return SignatureVerification.invalid(account, SignatureVerification.Method.ERC1271,
                "the account's isValidSignature reverted (" + revert.reason() + ")");
    }

    /** Whether {@code code} is an EIP-7702 delegation: the account is an EOA whose key still signs for it. */
    static boolean isDelegation(byte[] code) {
        return code.length == 23 && Arrays.equals(code, 0, 3, DELEGATION_PREFIX, 0, 3);
    }

    /** A node answer for a message: empty, or its first 32 bytes in hex with the length when it is longer. */
    static String preview(byte[] answer) {
        if (answer.length == 0) {
            return "nothing (0x)";
        }
        return answer.length <= 32 ? Hex.encode(answer)
                : Hex.encode(Arrays.copyOf(answer, 32)) + "... (" + answer.length + " bytes)";
    }
}
