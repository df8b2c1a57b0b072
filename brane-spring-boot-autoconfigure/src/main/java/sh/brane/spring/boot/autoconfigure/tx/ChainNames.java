package sh.brane.spring.boot.autoconfigure.tx;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

import sh.brane.spring.boot.autoconfigure.BraneProviderBeans;

/**
 * The configured chain name ({@code default} for {@code brane.rpc}, the name under {@code brane.chains}) of a chain
 * id, so the {@code chain} tag of the {@code brane.tx.*} meters means what it means on {@code brane.rpc.*} and
 * {@code brane.events.*}. The journal knows only chain ids; senders exist only for pinned chain ids, so the map
 * covers them. Built at the first lookup, when every provider exists; an id no chain pins keeps its number.
 */
final class ChainNames {

    private final Supplier<? extends Collection<BraneProviderBeans.Entry>> entries;

    private volatile Map<Long, String> names;

    ChainNames(Supplier<? extends Collection<BraneProviderBeans.Entry>> entries) {
        this.entries = entries;
    }

    String of(long chainId) {
        Map<Long, String> known = this.names;
        if (known == null) {
            known = new HashMap<>();
            for (BraneProviderBeans.Entry entry : this.entries.get()) {
                if (entry.expectedChainId() != null) {
                    known.putIfAbsent(entry.expectedChainId(), entry.name());
                }
            }
            this.names = known;
        }
        String name = known.get(chainId);
        return (name != null) ? name : Long.toString(chainId);
    }
}
