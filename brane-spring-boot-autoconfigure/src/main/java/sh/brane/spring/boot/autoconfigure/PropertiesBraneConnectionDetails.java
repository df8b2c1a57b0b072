package sh.brane.spring.boot.autoconfigure;

import java.util.Map;

/** Adapts {@link BraneProperties} to {@link BraneConnectionDetails}. */
class PropertiesBraneConnectionDetails implements BraneConnectionDetails {

    private final BraneProperties properties;

    PropertiesBraneConnectionDetails(BraneProperties properties) {
        this.properties = properties;
    }

    @Override
    public String getUrl() {
        return this.properties.getRpc().getUrl();
    }

    @Override
    public Map<String, String> getHeaders() {
        return Map.copyOf(this.properties.getRpc().getHeaders());
    }
}
