package com.cascade4arm.routes.operator.bench;

import com.cascade4arm.bench.runner.RunSummary;
import com.cascade4arm.routes.serving.http.Json;
import com.cascade4arm.routes.serving.upstream.UpstreamErrorText;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Run summaries as the public benchmark API serves them (reading runs needs no token): the targets' base URLs — the
 * baseline's internal address — are left out, and addresses and URLs in texts (a failed endpoint's error, a judge's
 * reason) are replaced. {@code summary.json} on disk keeps everything.
 */
final class PublicRuns {
    /** Fields that hold where a system was called. */
    static final Set<String> INTERNAL_FIELDS = Set.of("base_url", "url");

    private PublicRuns() {
    }

    static JsonNode summary(RunSummary summary) {
        JsonNode tree = Json.MAPPER.valueToTree(summary);
        clean(tree);
        return tree;
    }

    static ObjectNode list(List<RunSummary> summaries) {
        ObjectNode list = Json.object().put("object", "list");
        ArrayNode data = list.putArray("data");
        summaries.forEach(s -> data.add(summary(s)));
        return list;
    }

    private static void clean(JsonNode node) {
        if (node instanceof ObjectNode object) {
            object.remove(INTERNAL_FIELDS);
            List<Map.Entry<String, JsonNode>> fields = new ArrayList<>();
            object.fields().forEachRemaining(fields::add);
            for (Map.Entry<String, JsonNode> field : fields) {
                if (field.getValue().isTextual()) {
                    String text = field.getValue().asText();
                    String clean = UpstreamErrorText.scrubAddresses(text);
                    if (!clean.equals(text)) {
                        object.put(field.getKey(), clean);
                    }
                } else {
                    clean(field.getValue());
                }
            }
        } else if (node instanceof ArrayNode array) {
            array.forEach(PublicRuns::clean);
        }
    }
}
