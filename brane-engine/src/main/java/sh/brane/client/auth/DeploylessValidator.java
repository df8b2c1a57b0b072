package sh.brane.client.auth;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import sh.brane.client.CallRequest;
import sh.brane.client.RevertException;
import sh.brane.core.abi.Abi;
import sh.brane.core.abi.AbiValue;
import sh.brane.core.abi.FastAbiEncoder;
import sh.brane.core.abi.RevertDecoder;
import sh.brane.core.abi.RevertReason;
import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;
import sh.brane.rpc.InvalidResponseException;

/**
 * The ERC-6492 off-chain validator: the creation code of {@code Erc6492Validator.sol} (beside this class in the jar,
 * compiled with solc 0.8.37 for the Paris EVM so that chains without PUSH0 or MCOPY run it too) sent as an
 * {@code eth_call} without a {@code to}, its constructor arguments appended. It is never deployed: the call answers
 * one byte, or reverts with one of the contract's errors, which this class turns into reasons.
 */
final class DeploylessValidator {

    private static final byte[] CREATION_CODE = Hex.decode(resource("Erc6492Validator.bin").strip());

    /** The validator's errors, so its reverts decode to names and arguments. */
    static final Abi ERRORS = Abi.fromJson(resource("Erc6492Validator.abi"));

    private DeploylessValidator() {
    }

    /** The call that runs the validator for {@code (signer, hash, signature)}. */
    static CallRequest request(Address signer, byte[] hash, byte[] signature) {
        byte[] args = FastAbiEncoder.encode(new byte[0], AbiValue.address(signer), AbiValue.bytesN(32, hash),
                AbiValue.bytes(signature));
        byte[] data = Arrays.copyOf(CREATION_CODE, CREATION_CODE.length + args.length);
        System.arraycopy(args, 0, data, CREATION_CODE.length, args.length);
        return new CallRequest(null, null, null, data, null, null);
    }

    /** The validator's answer: one byte, 1 for valid and 0 for not. */
    static SignatureVerification read(Address signer, byte[] answer) {
        if (answer != null && answer.length == 1 && (answer[0] == 0 || answer[0] == 1)) {
            return answer[0] == 1 ? SignatureVerification.valid(signer, SignatureVerification.Method.ERC6492)
                    : SignatureVerification.invalid(signer, SignatureVerification.Method.ERC6492,
                            "the account, deployed by the wrapper's factory call, did not answer"
                                    + " isValidSignature with 0x1626ba7e");
        }
        throw new InvalidResponseException("eth_call of the ERC-6492 deployless validator answered "
                + (answer == null ? "nothing" : Erc1271.preview(answer)) + " where one byte (0x00 or 0x01) was"
                + " expected: the node does not run calls without a `to` as contract creation");
    }

    /** Why the validator reverted, in words. */
    static SignatureVerification reverted(Address signer, RevertException revert) {
        return SignatureVerification.invalid(signer, SignatureVerification.Method.ERC6492, describe(revert.reason()));
    }

    private static String describe(RevertReason reason) {
        if (reason instanceof RevertReason.CustomError e) {
            return switch (e.error().name()) {
                case "FactoryCallFailed" -> "the wrapper's factory call to " + e.arguments().get(0) + " reverted ("
                        + inner((byte[]) e.arguments().get(1)) + ")";
                case "SignerHasNoCode" -> "the wrapper's factory call succeeded but left no code at the signer's"
                        + " address: it deploys some other account";
                case "IsValidSignatureReverted" -> "the account's isValidSignature reverted ("
                        + inner((byte[]) e.arguments().get(0)) + ")";
                default -> "the validator reverted: " + reason;
            };
        }
        return "the validator reverted: " + reason;
    }

    private static String inner(byte[] data) {
        return RevertDecoder.decode(data).toString();
    }

    private static String resource(String name) {
        try (InputStream in = DeploylessValidator.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("resource " + name + " is missing beside "
                        + DeploylessValidator.class.getName() + ": the engine jar is incomplete");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + name, e);
        }
    }
}
