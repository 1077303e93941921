package com.cascade4arm.app.escalation;

import com.cascade4arm.testing.http.HttpTestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A rule file for the escalation tests, activated through the rules API like an operator would: prompts with "sure"
 * go small on trial with a threshold no model misses (0.001), prompts with "doubt" with one no model meets (0.999).
 */
final class TentativeRules {
    static final String SURE_PROMPT = "Tell me something nice, I am sure you can.";
    static final String DOUBT_PROMPT = "Tell me something nice, I doubt you can.";
    static final String DRL = """
            package com.cascade4arm.rules;

            import com.cascade4arm.rules.facts.PromptFacts;
            import com.cascade4arm.rules.decision.Decision;

            rule "trial: sure prompts go small on trial"
                salience 100 // before the category rules: this test decides first
            when
                PromptFacts( words contains "sure" )
                $d : Decision( route == null )
            then
                modify($d) { routeSmallTentatively(0.001, "small on trial, a threshold every answer meets") }
            end

            rule "trial: doubtful prompts go small on trial"
                salience 100 // before the category rules: this test decides first
            when
                PromptFacts( words contains "doubt" )
                $d : Decision( route == null )
            then
                modify($d) { routeSmallTentatively(0.999, "small on trial, a threshold no answer meets") }
            end
            """;

    private TentativeRules() {
    }

    static void activate(HttpTestClient http, String adminToken) {
        JsonNode active = http.get("/api/rules").json();
        ObjectNode candidate = HttpTestClient.JSON.createObjectNode().put("base_version", active.path("version").asLong());
        ArrayNode files = candidate.putArray("files");
        active.path("files").forEach(files::add);
        files.addObject().put("name", "trial-routing.drl").put("content", DRL);
        HttpTestClient.Response put = http.put("/api/rules", candidate.toString(), adminToken);
        assertThat(put.status()).as(put.body()).isEqualTo(200);
    }
}
