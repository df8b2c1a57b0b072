package sh.brane.signer;

import com.sun.jna.Library;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;

/**
 * The few PKCS#11 (Cryptoki 2.40) functions the signer calls, bound with JNA to the C symbols every PKCS#11
 * library exports. Every function returns a {@code CK_RV}; {@code CK_ULONG} is a C {@code unsigned long}, i.e.
 * {@link NativeLong}. Structures are laid out by hand in {@link CryptokiToken} (natural alignment, as on Linux
 * and macOS).
 */
interface Cryptoki extends Library {

    long CKR_OK = 0x0;
    long CKR_CRYPTOKI_ALREADY_INITIALIZED = 0x191;
    long CKR_USER_ALREADY_LOGGED_IN = 0x100;

    long CKF_OS_LOCKING_OK = 0x2;
    long CKF_SERIAL_SESSION = 0x4;
    long CKU_USER = 1;

    long CKA_CLASS = 0x0;
    long CKA_LABEL = 0x3;
    long CKA_KEY_TYPE = 0x100;
    long CKA_ID = 0x102;
    long CKA_EC_PARAMS = 0x180;
    long CKA_EC_POINT = 0x181;

    long CKO_PUBLIC_KEY = 2;
    long CKO_PRIVATE_KEY = 3;
    long CKK_EC = 3;
    long CKM_ECDSA = 0x1041;

    NativeLong C_Initialize(Pointer initArgs);

    NativeLong C_GetSlotList(byte tokenPresent, Pointer slotList, Pointer count);

    NativeLong C_GetTokenInfo(NativeLong slotId, Pointer info);

    NativeLong C_OpenSession(NativeLong slotId, NativeLong flags, Pointer application, Pointer notify,
            Pointer session);

    NativeLong C_CloseSession(NativeLong session);

    NativeLong C_Login(NativeLong session, NativeLong userType, Pointer pin, NativeLong pinLength);

    NativeLong C_FindObjectsInit(NativeLong session, Pointer template, NativeLong count);

    NativeLong C_FindObjects(NativeLong session, Pointer objects, NativeLong maxCount, Pointer count);

    NativeLong C_FindObjectsFinal(NativeLong session);

    NativeLong C_GetAttributeValue(NativeLong session, NativeLong object, Pointer template, NativeLong count);

    NativeLong C_SignInit(NativeLong session, Pointer mechanism, NativeLong key);

    NativeLong C_Sign(NativeLong session, Pointer data, NativeLong dataLength, Pointer signature,
            Pointer signatureLength);
}
