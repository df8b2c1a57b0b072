package sh.brane.client;

import java.util.Map;

import sh.brane.core.types.Address;
import tools.jackson.databind.JsonNode;

/**
 * The {@code prestateTracer} in diff mode: the touched accounts' state before the transaction and after it (an
 * account missing from {@code post} was deleted; a part missing from one side did not change).
 */
public record PrestateDiff(Map<Address, AccountState> pre, Map<Address, AccountState> post) {

    public PrestateDiff {
        pre = Map.copyOf(pre);
        post = Map.copyOf(post);
    }

    static PrestateDiff parse(JsonNode json, String where) {
        Json.object(json, where);
        return new PrestateDiff(AccountState.parseAll(Json.field(json, "pre", where), where + ".pre"),
                AccountState.parseAll(Json.field(json, "post", where), where + ".post"));
    }
}
