package sh.brane.signer;

import java.util.Map;

/**
 * A PKCS#11 function answered with an error code ({@code CK_RV}), e.g. {@code C_Login} with
 * {@code CKR_PIN_INCORRECT}. The message names the signer, the function and the code, never the PIN.
 */
public final class Pkcs11Exception extends SignerException {

    private static final Map<Long, String> NAMES = Map.ofEntries(
            Map.entry(0x5L, "CKR_GENERAL_ERROR"), Map.entry(0x6L, "CKR_FUNCTION_FAILED"),
            Map.entry(0x7L, "CKR_ARGUMENTS_BAD"), Map.entry(0x3L, "CKR_SLOT_ID_INVALID"),
            Map.entry(0x11L, "CKR_ATTRIBUTE_SENSITIVE"), Map.entry(0x12L, "CKR_ATTRIBUTE_TYPE_INVALID"),
            Map.entry(0x21L, "CKR_DATA_LEN_RANGE"), Map.entry(0x30L, "CKR_DEVICE_ERROR"),
            Map.entry(0x31L, "CKR_DEVICE_MEMORY"), Map.entry(0x32L, "CKR_DEVICE_REMOVED"),
            Map.entry(0x54L, "CKR_FUNCTION_NOT_SUPPORTED"), Map.entry(0x60L, "CKR_KEY_HANDLE_INVALID"),
            Map.entry(0x63L, "CKR_KEY_TYPE_INCONSISTENT"), Map.entry(0x68L, "CKR_KEY_FUNCTION_NOT_PERMITTED"),
            Map.entry(0x70L, "CKR_MECHANISM_INVALID"), Map.entry(0x82L, "CKR_OBJECT_HANDLE_INVALID"),
            Map.entry(0x90L, "CKR_OPERATION_ACTIVE"), Map.entry(0xA0L, "CKR_PIN_INCORRECT"),
            Map.entry(0xA1L, "CKR_PIN_INVALID"), Map.entry(0xA2L, "CKR_PIN_LEN_RANGE"),
            Map.entry(0xA3L, "CKR_PIN_EXPIRED"), Map.entry(0xA4L, "CKR_PIN_LOCKED"),
            Map.entry(0xB0L, "CKR_SESSION_CLOSED"), Map.entry(0xB1L, "CKR_SESSION_COUNT"),
            Map.entry(0xB3L, "CKR_SESSION_HANDLE_INVALID"), Map.entry(0xE0L, "CKR_TOKEN_NOT_PRESENT"),
            Map.entry(0xE1L, "CKR_TOKEN_NOT_RECOGNIZED"), Map.entry(0x100L, "CKR_USER_ALREADY_LOGGED_IN"),
            Map.entry(0x101L, "CKR_USER_NOT_LOGGED_IN"), Map.entry(0x102L, "CKR_USER_PIN_NOT_INITIALIZED"),
            Map.entry(0x150L, "CKR_BUFFER_TOO_SMALL"), Map.entry(0x190L, "CKR_CRYPTOKI_NOT_INITIALIZED"),
            Map.entry(0x191L, "CKR_CRYPTOKI_ALREADY_INITIALIZED"));

    private final String function;
    private final long returnCode;

    Pkcs11Exception(String signerName, String function, long returnCode) {
        super(signerName, function + " failed with " + name(returnCode) + hint(returnCode));
        this.function = function;
        this.returnCode = returnCode;
    }

    /** The PKCS#11 function that failed, e.g. {@code C_Login}. */
    public String function() {
        return function;
    }

    /** The {@code CK_RV} it returned, e.g. {@code 0xA0} for {@code CKR_PIN_INCORRECT}. */
    public long returnCode() {
        return returnCode;
    }

    /** The symbolic name of {@link #returnCode()}, e.g. {@code CKR_PIN_INCORRECT}, or its hex form. */
    public String returnCodeName() {
        return NAMES.getOrDefault(returnCode, "0x" + Long.toHexString(returnCode));
    }

    /** True when the token refused the PIN: incorrect, locked, expired or never set. */
    public boolean isPinRejected() {
        return returnCode >= 0xA0 && returnCode <= 0xA4 || returnCode == 0x102;
    }

    static String name(long rv) {
        String name = NAMES.get(rv);
        return name != null ? name + " (0x" + Long.toHexString(rv) + ")" : "0x" + Long.toHexString(rv);
    }

    private static String hint(long rv) {
        if (rv == 0xA0 || rv == 0xA1 || rv == 0xA2) {
            return ": the token refused the user PIN; check the PIN configured for this signer";
        }
        if (rv == 0xA4) {
            return ": the token locked the user PIN after too many wrong attempts; the token's security officer"
                    + " must unlock it";
        }
        return "";
    }
}
