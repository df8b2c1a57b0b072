package sh.brane.spring.boot.autoconfigure;

import java.util.List;
import java.util.Map;

/** Adapts {@link BraneProperties} to {@link BraneConnectionDetails}. */
class PropertiesBraneConnectionDetails implements BraneConnectionDetails {

    private final BraneProperties properties;

    PropertiesBraneConnectionDetails(BraneProperties properties) {
        this.properties = properties;
    }

    @Override
    public String getUrl() {
        BraneProperties.Rpc rpc = this.properties.getRpc();
        if (rpc.getUrl() == null && !rpc.getEndpoints().isEmpty()) {
            return rpc.getEndpoints().get(0).getUrl();
        }
        return rpc.getUrl();
    }

    @Override
    public Map<String, String> getHeaders() {
        return Map.copyOf(this.properties.getRpc().getHeaders());
    }

    @Override
    public List<Endpoint> getEndpoints() {
        return this.properties.getRpc()
            .getEndpoints()
            .stream()
            .map((e) -> new Endpoint(e.getName(), e.getUrl(), Map.copyOf(e.getHeaders())))
            .toList();
    }
}
