package com.cascade4arm.routes.serving.routing;

import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.testing.http.HttpTestClient;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * {@code POST /api/route} on the prompts issue 19 reported as misrouted: the route over real HTTP, and the facts that
 * explain it — language, question shape, quantities, code syntax, the learned scores and the features behind them.
 */
class ExplainRoutingIT {

    private static RoutesGateway gateway;

    @BeforeAll
    static void boot() {
        gateway = RoutesGateway.builder().start();
    }

    @AfterAll
    static void stop() {
        gateway.close();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            Who invented the JavaScript language?                            | small | en | who        | factual
            What does SQL stand for?                                         | small | en | stands-for | factual
            A meeting starts at 9:40 and runs 2 h 50 min. When does it end?  | large | en | when       | reasoning
            fix: while x < 10 x += 1                                         | large | unknown | ''     | code
            Warum fallen Blätter im Herbst? Erkläre es Schritt für Schritt.  | large | de | why        | reasoning
            ¿Por qué el cielo es azul? Explícalo paso a paso.                | large | es | why        | reasoning
            """)
    void explainsTheRouteOfTheIssuesExamplesWithTheirShapeAndScores(String prompt, String route, String language,
                                                                   String shape, String category) {
        HttpTestClient.Response response = gateway.http().post("/api/route",
                RoutesGateway.JSON.createObjectNode().put("prompt", prompt).toString());

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        JsonNode body = response.json();
        JsonNode facts = body.path("facts");
        assertThat(body.path("route").asText()).isEqualTo(route);
        assertThat(facts.path("category").asText()).isEqualTo(category);
        assertThat(facts.path("language").asText()).isEqualTo(language);
        assertThat(facts.path("questionShape").asText()).isEqualTo(shape);
        assertThat(facts.path("topScoreCategory").asText()).isNotBlank();
        assertThat(facts.path(facts.path("topScoreCategory").asText() + "Score").asDouble())
                .isEqualTo(facts.path("topScore").asDouble());
        assertThat(facts.path("scoreFeatures")).as("the features behind the learned score").isNotEmpty();
        assertThat(facts.path("largeScore").asDouble()).as("P(large)").isEqualTo(facts.path("reasoningScore").asDouble()
                + facts.path("codeScore").asDouble() + facts.path("analysisScore").asDouble(), within(0.0015));
        assertThat(facts.path("error_if_wrong").asText())
                .isEqualTo(route.equals("small") ? "hard sent small: a quality risk" : "easy sent large: a cost");
    }
}
