package com.cascade4arm.routes.serving.chat;

import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.standins.upstream.InstantResponder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A third tier is configuration plus a rule: {@code cascade.tiers=small,medium,large} with the medium pool's URL, and
 * a rule activated through the rules API that routes translations to it with {@code routeTo("medium", …)}.
 */
class ThirdTierIT {
    private static final String TOKEN = "tier-admin";
    private static final String TIER_RULE = """
            package com.cascade4arm.rules;

            import com.cascade4arm.rules.facts.PromptFacts;
            import com.cascade4arm.rules.decision.Decision;

            rule "tier routing: translations go medium"
                salience 100 // before the category rules: the operator's tier decides first
            when
                PromptFacts( lowerText contains "translate" )
                $d : Decision( route == null )
            then
                modify($d) { routeTo("medium", "translations go to the medium model") }
            end
            """;

    private static InstantResponder medium;
    private static RoutesGateway gateway;

    @BeforeAll
    static void boot() {
        medium = InstantResponder.start(0);
        gateway = RoutesGateway.builder().withRuleStore().properties(Map.of("cascade.tiers", "small,medium,large",
                "cascade.medium.urls", medium.baseUrl(), "cascade.admin.token", TOKEN)).start();
    }

    @AfterAll
    static void stop() {
        gateway.close();
        medium.close();
    }

    @Test
    void routesToATierAddedByConfigurationAndARule() {
        JsonNode active = RoutesGateway.json(gateway.get("/api/rules"));
        ObjectNode candidate = RoutesGateway.JSON.createObjectNode().put("base_version", active.path("version").asLong());
        ArrayNode files = candidate.putArray("files");
        active.path("files").forEach(files::add);
        files.addObject().put("name", "tier-routing.drl").put("content", TIER_RULE);
        HttpResponse<String> put = gateway.put("/api/rules", candidate.toString(), TOKEN);
        assertThat(put.statusCode()).as(put.body()).isEqualTo(200);

        HttpResponse<String> translated = gateway.chat("Please translate 'good morning' into French.");
        HttpResponse<String> greeting = gateway.chat("Hello!");

        assertThat(translated.statusCode()).as(translated.body()).isEqualTo(200);
        assertThat(translated.headers().firstValue("X-Cascade-Route")).hasValue("medium");
        assertThat(RoutesGateway.json(translated).at("/cascade/rule").asText()).isEqualTo("tier routing: translations go medium");
        assertThat(medium.chatRequestCount()).isEqualTo(1);
        assertThat(greeting.headers().firstValue("X-Cascade-Route")).as("the other tiers as before").hasValue("small");
        assertThat(RoutesGateway.json(gateway.get("/v1/models")).findValuesAsText("id")).contains("auto", "small", "medium", "large");
    }

    @Test
    void forcesTheNewTierByItsModelName() {
        HttpResponse<String> forced = gateway.post("/v1/chat/completions",
                "{\"model\":\"medium\",\"max_tokens\":4,\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}");

        assertThat(forced.headers().firstValue("X-Cascade-Route")).as(forced.body()).hasValue("medium");
    }
}
