package sh.brane.core.crypto;

/** The EIP's Mail example as wallet JSON, shared by tests. */
public final class Eip712TestJson {

    public static final String MAIL = Eip712Test.MAIL_JSON;

    private Eip712TestJson() {
    }
}
