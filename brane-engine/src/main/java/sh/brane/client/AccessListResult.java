package sh.brane.client;

import java.util.List;

import sh.brane.core.tx.AccessListEntry;

/**
 * The answer of {@code eth_createAccessList}: the accounts and slots the call touches, and the gas it uses with that
 * access list.
 *
 * @param error the node's reason if the call failed (the list is then what it touched until then); null on success
 */
public record AccessListResult(List<AccessListEntry> accessList, long gasUsed, String error) {

    public AccessListResult {
        accessList = List.copyOf(accessList);
    }

    static AccessListResult parse(tools.jackson.databind.JsonNode json, String where) {
        Json.object(json, where);
        List<AccessListEntry> list = TxLists.accessList(Trees.parser(Json.field(json, "accessList", where)), where, -1,
                "accessList");
        String error = Json.present(json, "error") ? Json.string(json.get("error"), where + ".error") : null;
        return new AccessListResult(list, Json.longField(json, "gasUsed", where), error);
    }
}
