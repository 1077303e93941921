package com.cascade4arm.routes.operator.rulesadmin;

import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.rules.engine.BundledRules;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.LinkedHashMap;
import java.util.Map;

/** Rulebooks the rules tests activate: one routing everything large, one everything small, and a threshold change. */
public final class RulesFixtures {
    static final String HEADER = """
            package com.cascade4arm.rules;
            import com.cascade4arm.rules.facts.PromptFacts;
            import com.cascade4arm.rules.decision.Decision;
            """;
    static final String ALL_LARGE_RULE = "test: everything goes large";
    static final String ALL_SMALL_RULE = "test: everything stays small";
    public static final Map<String, String> ALL_LARGE = Map.of("everything-large.drl", HEADER + """
            rule "%s"
            when
                $d : Decision()
            then
                modify($d) { routeLarge("test: all large") }
            end
            """.formatted(ALL_LARGE_RULE));
    public static final Map<String, String> ALL_SMALL = Map.of("everything-small.drl", HEADER + """
            rule "%s"
            when
                $d : Decision()
            then
                modify($d) { routeSmall("test: all small") }
            end
            """.formatted(ALL_SMALL_RULE));
    static final String LONG_PROMPT_RULE = "length routing: long prompts go large";

    private RulesFixtures() {
    }

    /** The bundled rulebook with "long prompt" lowered from 300 to {@code tokens} approximate tokens. */
    static Map<String, String> lengthThreshold(int tokens) {
        Map<String, String> files = new LinkedHashMap<>(BundledRules.load());
        files.put("length-routing.drl", files.get("length-routing.drl")
                .replace("approxTokens >= 300", "approxTokens >= " + tokens));
        return files;
    }

    /** A candidate body {"files": [...], "base_version"?, "author", "comment"}. */
    public static String candidate(Map<String, String> files, Long baseVersion) {
        ObjectNode body = RoutesGateway.JSON.createObjectNode();
        files.forEach((name, content) -> body.withArray("files").addObject().put("name", name).put("content", content));
        if (baseVersion != null) {
            body.put("base_version", baseVersion);
        }
        body.put("author", "tester");
        body.put("comment", "test edit");
        return body.toString();
    }
}
