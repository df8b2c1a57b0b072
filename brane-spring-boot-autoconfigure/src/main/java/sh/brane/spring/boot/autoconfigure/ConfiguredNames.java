package sh.brane.spring.boot.autoconfigure;

import java.util.Map;
import java.util.Set;

import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;

/**
 * The names configured under a map property ({@code brane.chains}, {@code brane.signers}, a chain's
 * {@code signers}), read from the environment before {@link BraneProperties} is bound, to register beans per name.
 */
final class ConfiguredNames {

    private ConfiguredNames() {
    }

    /** The keys of the map bound at {@code property}, in their configured order; empty when it is not set. */
    static Set<String> under(Binder binder, String property) {
        return binder.bind(property, Bindable.mapOf(String.class, Object.class)).map(Map::keySet).orElse(Set.of());
    }
}
