package sh.brane.spring.boot.autoconfigure;

import java.util.List;
import java.util.Map;

/** Adapts {@code brane.rpc} (or a chain's {@code rpc}) to {@link BraneConnectionDetails}. */
class PropertiesBraneConnectionDetails implements BraneConnectionDetails {

    private final BraneProperties.Rpc rpc;

    PropertiesBraneConnectionDetails(BraneProperties properties) {
        this(properties.getRpc());
    }

    PropertiesBraneConnectionDetails(BraneProperties.Rpc rpc) {
        this.rpc = rpc;
    }

    @Override
    public String getUrl() {
        BraneProperties.Rpc rpc = this.rpc;
        if (rpc.getUrl() == null && !rpc.getEndpoints().isEmpty()) {
            return rpc.getEndpoints().get(0).getUrl();
        }
        return rpc.getUrl();
    }

    @Override
    public Map<String, String> getHeaders() {
        return Map.copyOf(this.rpc.getHeaders());
    }

    @Override
    public List<Endpoint> getEndpoints() {
        return this.rpc
            .getEndpoints()
            .stream()
            .map((e) -> new Endpoint(e.getName(), e.getUrl(), Map.copyOf(e.getHeaders())))
            .toList();
    }
}
