package com.cascade4arm.routes.operator.rulesadmin;

import com.cascade4arm.routes.testing.RoutesGateway;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static com.cascade4arm.routes.operator.rulesadmin.RulesFixtures.ALL_LARGE;
import static com.cascade4arm.routes.operator.rulesadmin.RulesFixtures.ALL_LARGE_RULE;
import static com.cascade4arm.routes.operator.rulesadmin.RulesFixtures.ALL_SMALL;
import static com.cascade4arm.routes.operator.rulesadmin.RulesFixtures.HEADER;
import static com.cascade4arm.routes.operator.rulesadmin.RulesFixtures.candidate;
import static com.cascade4arm.routes.testing.RoutesGateway.json;
import static org.assertj.core.api.Assertions.assertThat;

/** The rules API over real sockets: validate, dry-run, activate, stale bases, bad DRL, history and rollback. */
class RulesAdminIT {
    private static final String TOKEN = "rules-test-token";

    @TempDir
    static Path dataDir;
    private static RoutesGateway gateway;

    @BeforeAll
    static void boot() throws Exception {
        gateway = rulesGateway(dataDir, TOKEN);
    }

    @AfterAll
    static void stop() throws Exception {
        gateway.close();
    }

    private static long activeVersion() throws Exception {
        return json(gateway.get("/api/rules")).path("version").asLong();
    }

    private static JsonNode activate(Map<String, String> files) throws Exception {
        HttpResponse<String> response = gateway.put("/api/rules", candidate(files, activeVersion()), TOKEN);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return json(response);
    }

    private static JsonNode cascade(HttpResponse<String> chat) {
        assertThat(chat.statusCode()).as(chat.body()).isEqualTo(200);
        return json(chat).path("cascade");
    }

    @Test
    void readsTheActiveRulebookWithItsFilesAndMetadata() throws Exception {
        JsonNode rules = json(gateway.get("/api/rules"));

        assertThat(rules.path("version").asLong()).isPositive();
        assertThat(rules.path("files")).isNotEmpty();
        assertThat(rules.path("files").get(0).path("content").asText()).contains("rule \"");
        assertThat(rules.path("sha256").asText()).matches("[0-9a-f]{64}");
        assertThat(rules.path("created_at").asText()).isNotBlank();
        assertThat(rules.path("author").isTextual()).isTrue();
        assertThat(rules.path("editing_enabled").asBoolean()).isTrue();
        assertThat(rules.path("rules")).isNotEmpty();
    }

    @Test
    void validatesAGoodCandidateAndNamesItsRules() throws Exception {
        JsonNode answer = json(gateway.post("/api/rules/validate", candidate(ALL_LARGE, null), null));

        assertThat(answer.path("valid").asBoolean()).isTrue();
        assertThat(answer.path("problems")).isEmpty();
        assertThat(answer.path("rules").get(0).asText()).isEqualTo(ALL_LARGE_RULE);
    }

    @Test
    void reportsProblemsWithFileAndLineForABadCandidate() throws Exception {
        String broken = HEADER + """
                rule "broken: syntax"
                when
                    $d : Decision(
                then
                    modify($d) { routeLarge("x") }
                end
                """;
        String hostile = HEADER + """
                rule "hostile: exits"
                when
                    $d : Decision()
                then
                    System.exit(1);
                end
                """;

        HttpResponse<String> response = gateway.post("/api/rules/validate",
                candidate(Map.of("broken.drl", broken, "hostile.drl", hostile), null), null);

        assertThat(response.statusCode()).as("validate always answers 200").isEqualTo(200);
        JsonNode answer = json(response);
        assertThat(answer.path("valid").asBoolean()).isFalse();
        List<JsonNode> problems = new ArrayList<>();
        answer.path("problems").forEach(problems::add);
        assertThat(problems).anySatisfy(p -> {
            assertThat(p.path("file").asText()).isEqualTo("broken.drl");
            assertThat(p.path("line").asInt()).as("where Drools' parser stumbles: the token after the open pattern")
                    .isEqualTo(8);
        });
        assertThat(problems).anySatisfy(p -> {
            assertThat(p.path("file").asText()).isEqualTo("hostile.drl");
            assertThat(p.path("line").asInt()).isEqualTo(8);
            assertThat(p.path("message").asText()).contains("static call 'System.exit");
        });
    }

    @Test
    void answersAMalformedRequestWith400() throws Exception {
        HttpResponse<String> response = gateway.post("/api/rules/validate", "{\"files\": \"nope\"}", null);

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(json(response).path("error").path("code").asText()).isEqualTo("invalid_rules_request");
    }

    @Test
    void dryRunOfAThresholdChangeListsTheChangedPromptsFirstAndChangesNothing() throws Exception {
        activate(RulesFixtures.lengthThreshold(300)); // the bundled rules, whatever another test activated
        long before = activeVersion();
        ObjectNode body = (ObjectNode)
                RoutesGateway.JSON.readTree(candidate(RulesFixtures.lengthThreshold(9), null));
        body.putArray("prompts").add("hi");

        HttpResponse<String> response = gateway.post("/api/rules/dry-run", body.toString(), null);

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonNode report = json(response);
        JsonNode results = report.path("results");
        long changed = report.path("summary").path("changed").asLong();
        assertThat(changed).as("suite prompts of 9+ approximate tokens that were small now go large").isPositive();
        assertThat(results.size()).isEqualTo(report.path("summary").path("prompts").asInt()).isEqualTo(51);
        for (int i = 0; i < results.size(); i++) {
            JsonNode row = results.get(i);
            assertThat(row.path("changed").asBoolean()).as("changed rows first, row " + i).isEqualTo(i < changed);
            if (i < changed) {
                assertThat(row.path("active").path("route").asText()).isEqualTo("small");
                assertThat(row.path("candidate").path("route").asText()).isEqualTo("large");
                assertThat(row.path("candidate").path("rule").asText()).isEqualTo(RulesFixtures.LONG_PROMPT_RULE);
                assertThat(row.path("id").asText()).isNotBlank();
                assertThat(row.path("expected_route").isTextual()).isTrue();
            }
        }
        assertThat(results.findValuesAsText("id")).contains("extra-1");
        JsonNode labelled = report.path("labelled");
        assertThat(labelled.path("prompts").asInt()).as("the rules module's labelled prompts").isGreaterThanOrEqualTo(600);
        assertThat(labelled.path("changed").asInt()).as("labelled small prompts of 9+ tokens now go large").isPositive();
        assertThat(labelled.path("candidate_matches_expected").asInt())
                .as("sending every longer factual or everyday prompt large costs labelled accuracy")
                .isLessThan(labelled.path("active_matches_expected").asInt());
        assertThat(labelled.path("changes")).isNotEmpty().allSatisfy(change -> {
            assertThat(change.path("active_route").asText()).isEqualTo("small");
            assertThat(change.path("candidate_route").asText()).isEqualTo("large");
        });
        assertThat(report.path("never_fired").isArray()).isTrue();
        assertThat(report.path("shadowed").isArray()).isTrue();
        assertThat(report.path("fire_limit_reached")).isEmpty();
        assertThat(activeVersion()).as("a dry run activates nothing").isEqualTo(before);
    }

    @Test
    void dryRunReportsPromptsThatHitTheFireLimitAndRulesThatNeverFire() throws Exception {
        String loop = HEADER + """
                rule "loop: forever"
                when
                    $d : Decision()
                then
                    modify($d) { routeLarge("again") }
                    update($d);
                end

                rule "never: needs a fence and a trace"
                when
                    PromptFacts( codeFence == true, stackTrace == true, wordCount > 100000 )
                    $d : Decision()
                then
                    modify($d) { routeSmall("never") }
                end
                """;

        JsonNode report = json(gateway.post("/api/rules/dry-run", candidate(Map.of("loop.drl", loop), null), null));

        assertThat(report.path("fire_limit_reached").size()).isEqualTo(50);
        assertThat(report.path("never_fired").get(0).asText()).isEqualTo("never: needs a fence and a trace");
    }

    @Test
    void refusesToEditWithoutTheToken() throws Exception {
        long before = activeVersion();

        HttpResponse<String> missing = gateway.put("/api/rules", candidate(ALL_LARGE, null), null);
        HttpResponse<String> wrong = gateway.put("/api/rules", candidate(ALL_LARGE, null), "not-the-token");

        assertThat(missing.statusCode()).isEqualTo(401);
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(json(wrong).path("error").path("code").asText()).isEqualTo("invalid_admin_token");
        assertThat(gateway.post("/api/rules/rollback/1", "", null).statusCode()).isEqualTo(401);
        assertThat(activeVersion()).isEqualTo(before);
    }

    @Test
    void putActivatesANewVersionThatRoutesTheNextRequest() throws Exception {
        activate(ALL_SMALL);
        assertThat(cascade(gateway.chat("Hello!")).path("route").asText()).isEqualTo("small");

        JsonNode version = activate(ALL_LARGE);

        assertThat(version.path("author").asText()).isEqualTo("tester");
        assertThat(version.path("comment").asText()).isEqualTo("test edit");
        assertThat(version.path("files").get(0).path("name").asText()).isEqualTo("everything-large.drl");
        JsonNode routed = cascade(gateway.chat("Hello!"));
        assertThat(routed.path("route").asText()).isEqualTo("large");
        assertThat(routed.path("rule").asText()).isEqualTo(ALL_LARGE_RULE);
        assertThat(routed.path("rules_version").asLong()).isEqualTo(version.path("version").asLong());
        assertThat(json(gateway.get("/api/rules")).path("version").asLong()).isEqualTo(version.path("version").asLong());
    }

    @Test
    void refusesAStaleBaseVersionWith409() throws Exception {
        long stale = activate(ALL_SMALL).path("version").asLong();
        long current = activate(ALL_LARGE).path("version").asLong();

        HttpResponse<String> response = gateway.put("/api/rules", candidate(ALL_SMALL, stale), TOKEN);

        assertThat(response.statusCode()).isEqualTo(409);
        JsonNode body = json(response);
        assertThat(body.path("error").path("code").asText()).isEqualTo("stale_base_version");
        assertThat(body.path("current_version").asLong()).isEqualTo(current);
        assertThat(activeVersion()).isEqualTo(current);
    }

    @Test
    void refusesInvalidRulesWith400AndChangesNothing() throws Exception {
        long before = activeVersion();
        Path marker = dataDir.resolve("pwned-marker");
        String hostile = HEADER + """
                rule "hostile: writes a file"
                when
                    $d : Decision()
                then
                    new java.io.File("%s").createNewFile();
                    System.setProperty("cascade.rulesadmin.pwned", "1");
                end
                """.formatted(marker);

        HttpResponse<String> put = gateway.put("/api/rules", candidate(Map.of("hostile.drl", hostile), before), TOKEN);
        HttpResponse<String> dryRun = gateway.post("/api/rules/dry-run", candidate(Map.of("hostile.drl", hostile), null), null);

        assertThat(put.statusCode()).isEqualTo(400);
        JsonNode body = json(put);
        assertThat(body.path("error").path("code").asText()).isEqualTo("invalid_rules");
        assertThat(body.path("problems").get(0).path("line").asInt()).isEqualTo(8);
        assertThat(body.path("problems").get(0).path("file").asText()).isEqualTo("hostile.drl");
        assertThat(dryRun.statusCode()).isEqualTo(400);
        assertThat(activeVersion()).isEqualTo(before);
        assertThat(json(gateway.get("/api/rules/history")).path("data").get(0).path("version").asLong()).isEqualTo(before);
        assertThat(marker).doesNotExist();
        assertThat(System.getProperty("cascade.rulesadmin.pwned")).isNull();
        JsonNode routed = cascade(gateway.chat("Hello!"));
        assertThat(routed.path("rules_version").asLong()).isEqualTo(before);
    }

    @Test
    void rollbackActivatesAnEarlierVersionsContentAsANewVersion() throws Exception {
        JsonNode large = activate(ALL_LARGE);
        JsonNode small = activate(ALL_SMALL);
        long largeVersion = large.path("version").asLong();

        HttpResponse<String> response = gateway.post("/api/rules/rollback/" + largeVersion,
                "{\"comment\": \"back to large\", \"base_version\": " + small.path("version").asLong() + "}", TOKEN);

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonNode restored = json(response);
        assertThat(restored.path("version").asLong()).isEqualTo(small.path("version").asLong() + 1);
        assertThat(restored.path("restored_from").asLong()).isEqualTo(largeVersion);
        assertThat(restored.path("sha256").asText()).isEqualTo(large.path("sha256").asText());
        assertThat(restored.path("comment").asText()).isEqualTo("back to large");
        assertThat(cascade(gateway.chat("Hello!")).path("route").asText()).isEqualTo("large");

        JsonNode history = json(gateway.get("/api/rules/history"));
        assertThat(history.path("active_version").asLong()).isEqualTo(restored.path("version").asLong());
        assertThat(history.path("data").get(0).path("version").asLong()).isEqualTo(restored.path("version").asLong());
        assertThat(history.path("data").get(0).path("active").asBoolean()).isTrue();
        assertThat(history.path("data").get(0).has("files")).as("history has no contents").isFalse();
        assertThat(history.path("data").findValuesAsText("version")).as("newest first")
                .isSortedAccordingTo((a, b) -> Long.compare(Long.parseLong(b), Long.parseLong(a)));
        JsonNode old = json(gateway.get("/api/rules/versions/" + largeVersion));
        assertThat(old.path("files").get(0).path("name").asText()).isEqualTo("everything-large.drl");
        assertThat(old.path("active").asBoolean()).isFalse();
        assertThat(gateway.get("/api/rules/versions/999999").statusCode()).isEqualTo(404);
        assertThat(gateway.post("/api/rules/rollback/999999", "", TOKEN).statusCode()).isEqualTo(404);
    }

    @Test
    void keepsDamagedVersionFilesOutOfTheWayAndSaysSo() throws Exception {
        JsonNode version = activate(ALL_SMALL);
        activate(ALL_LARGE);
        Path file = dataDir.resolve("rules").resolve("versions")
                .resolve(String.format("v%06d.json", version.path("version").asLong()));
        Files.writeString(file, "{\"truncated");

        JsonNode entry = json(gateway.get("/api/rules/versions/" + version.path("version").asLong()));
        HttpResponse<String> rollback = gateway.post("/api/rules/rollback/" + version.path("version").asLong(), "", TOKEN);

        assertThat(entry.path("damaged").asBoolean()).isTrue();
        assertThat(entry.path("damage").asText()).contains("not valid JSON");
        assertThat(rollback.statusCode()).isEqualTo(409);
        assertThat(json(rollback).path("error").path("code").asText()).isEqualTo("version_damaged");
    }

    /** The gateway routing from the rule store in {@code dataDir}; {@code adminToken} null = editing disabled. */
    private static RoutesGateway rulesGateway(java.nio.file.Path dataDir, String adminToken) {
        RoutesGateway.Builder builder = RoutesGateway.builder().withRuleStore().property("cascade.data-dir", dataDir.toString());
        if (adminToken != null) {
            builder.property("cascade.admin.token", adminToken);
        }
        return builder.start();
    }
}
