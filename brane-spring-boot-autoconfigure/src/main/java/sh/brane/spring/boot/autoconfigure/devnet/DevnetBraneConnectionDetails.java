package sh.brane.spring.boot.autoconfigure.devnet;

import sh.brane.devnet.Anvil;
import sh.brane.spring.boot.autoconfigure.BraneConnectionDetails;

/** {@link BraneConnectionDetails} of the local Anvil started by {@code brane.devnet.enabled}. */
public final class DevnetBraneConnectionDetails implements BraneConnectionDetails {

    private final Anvil anvil;

    private final boolean webSocket;

    DevnetBraneConnectionDetails(Anvil anvil, boolean webSocket) {
        this.anvil = anvil;
        this.webSocket = webSocket;
    }

    @Override
    public String getUrl() {
        return this.webSocket ? this.anvil.wsUrl() : this.anvil.httpUrl();
    }

    /** The running node, e.g. to read its dev accounts. */
    public Anvil getAnvil() {
        return this.anvil;
    }
}
