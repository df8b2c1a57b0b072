package sh.brane.client;

import tools.jackson.core.JsonParser;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.databind.JsonNode;

/**
 * Reads a tree (a subscription notification, a test's fixture) with the one-pass readers, so that there is one
 * parser per type and a tree answer reads exactly as a streamed one.
 */
final class Trees {
    private Trees() {
    }

    /** A parser over {@code node}, on its first token; a missing node reads as JSON null. */
    static JsonParser parser(JsonNode node) {
        JsonNode n = node == null || node.isMissingNode() ? tools.jackson.databind.node.NullNode.getInstance() : node;
        JsonParser p = n.traverse(ObjectReadContext.empty());
        p.nextToken();
        return p;
    }
}
