package com.cascade4arm.routes.serving.edge;

import com.cascade4arm.routes.config.ConfigBinding;
import com.cascade4arm.routes.testing.RoutesGateway;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The edge's defaults follow the bind address: a gateway on loopback does not throttle the scripts of the machine it
 * runs on and lets anyone there validate rules; one bound to every interface rate-limits clients and compiles DRL
 * only for the admin.
 */
class ExposureDefaultsIT {
    private static final String TOKEN = "exposure-test-token";
    private static final String RULES = "{\"files\":[{\"name\":\"small.drl\",\"content\":"
            + "\"package com.cascade4arm.rules;\\nimport com.cascade4arm.rules.decision.Decision;\\n"
            + "rule \\\"all small\\\" when $d : Decision() then modify($d) { routeSmall(\\\"all\\\") } end\\n\"}]}";
    /** The rate keys back at their defaults (the harness lifts them for every other test). */
    private static final Map<String, String> DEFAULT_RATES = Map.of(
            "cascade.edge.rate-limit.requests-per-second", "",
            "cascade.edge.rate-limit.burst", "",
            "cascade.edge.rate-limit.reads-per-second", "",
            "cascade.edge.rate-limit.reads-burst", "");
    private static final int REQUESTS = 12;

    @Test
    void loopbackGatewayDoesNotRateLimitAndLetsRulesBeValidated() throws Exception {
        try (RoutesGateway gateway = gateway("127.0.0.1")) {
            assertThat(gateway.gateway().settings().edge().rateLimited()).isFalse();

            assertThat(statuses(gateway)).as("%d quick requests from one client", REQUESTS).doesNotContain(429);
            HttpResponse<String> validate = gateway.post("/api/rules/validate", RULES, null);
            assertThat(validate.statusCode()).as(validate.body()).isEqualTo(200);
            assertThat(RoutesGateway.json(validate).path("valid").asBoolean()).as(validate.body()).isTrue();
        }
    }

    @Test
    void exposedGatewayRateLimitsClientsAndCompilesRulesOnlyForTheAdmin() throws Exception {
        try (RoutesGateway gateway = gateway("0.0.0.0")) {
            assertThat(gateway.gateway().settings().edge().rateLimited()).isTrue();

            HttpResponse<String> validate = gateway.post("/api/rules/validate", RULES, null);
            assertThat(validate.statusCode()).as(validate.body()).isEqualTo(401);
            assertThat(validate.body()).contains("validating rules needs the admin token");
            HttpResponse<String> dryRun = gateway.post("/api/rules/dry-run", RULES, null);
            assertThat(dryRun.statusCode()).as(dryRun.body()).isEqualTo(401);
            HttpResponse<String> admin = gateway.post("/api/rules/validate", RULES, TOKEN);
            assertThat(admin.statusCode()).as(admin.body()).isEqualTo(200);
            assertThat(RoutesGateway.json(admin).path("valid").asBoolean()).as(admin.body()).isTrue();

            List<Integer> statuses = statuses(gateway);
            assertThat(statuses).as("beyond the burst of %d at 1 request/s", ConfigBinding.defaults().cascade().edge().rateLimit().burst()).contains(429);
            assertThat(statuses.stream().filter(s -> s == 200).count()).as("what is left of the burst passes")
                    .isBetween(1L, (long) ConfigBinding.defaults().cascade().edge().rateLimit().burst());
        }
    }

    private static RoutesGateway gateway(String bindHost) {
        return RoutesGateway.builder().withRuleStore().properties(DEFAULT_RATES)
                .property("camel.server.host", bindHost).property("cascade.admin.token", TOKEN)
                // The edge's defaults by exposure are under test, not keys: an open gateway beyond loopback, as allowed.
                .property("cascade.auth.allow-open-beyond-loopback", "true").start();
    }

    private static List<Integer> statuses(RoutesGateway gateway) throws Exception {
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < REQUESTS; i++) {
            statuses.add(gateway.post("/api/route", "{\"prompt\":\"hello\"}").statusCode());
        }
        return statuses;
    }
}
