package com.cascade4arm.routes.operator.rulesadmin;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.routes.serving.http.AdminAuth;
import com.cascade4arm.routes.serving.http.HttpContext;
import com.cascade4arm.routes.serving.http.Json;
import com.cascade4arm.routes.serving.routing.RulebookRoutingService;
import com.cascade4arm.rules.RoutingRulebook;
import com.cascade4arm.rules.RulebookCompileException;
import com.cascade4arm.rules.store.RuleVersion;
import com.cascade4arm.rules.store.StaleVersionException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.Exchange;
import org.apache.camel.Message;

/**
 * The rules API's steps behind {@link RulesAdminRoutes}: each reads the request from the exchange (a JSON tree from
 * camel-jackson, path parameters as headers) and leaves the answer as the body (and a status when it is not 200).
 */
final class RulesApi {
    private final RuleEditor editor;
    private final AdminAuth admin;
    private final DryRunOutcomes outcomes;

    RulesApi(RuleEditor editor, AdminAuth admin, DryRunOutcomes outcomes) {
        this.editor = editor;
        this.admin = admin;
        this.outcomes = outcomes;
    }

    void current(Exchange exchange) {
        RuleVersion active = editor.active();
        ObjectNode body = RulesJson.version(active, active.version(), true);
        RulebookRoutingService.ActiveRulebook serving = editor.serving();
        if (serving.version() == active.version()) {
            serving.rulebook().ruleNames().forEach(body.putArray("rules")::add);
        }
        body.put("editing_enabled", admin.enabled());
        exchange.getMessage().setBody(markCached(body));
    }

    void validate(Exchange exchange) {
        RuleCandidate candidate = RuleCandidateParser.parse(body(exchange), true);
        ObjectNode answer = Json.object();
        try {
            RoutingRulebook compiled = editor.compile(candidate.files());
            answer.put("valid", true).putArray("problems");
            compiled.ruleNames().forEach(answer.putArray("rules")::add);
        } catch (RulebookCompileException e) {
            answer.put("valid", false).set("problems", RulesJson.problems(e.problems()));
        }
        exchange.getMessage().setBody(answer);
    }

    void dryRun(Exchange exchange) {
        RuleCandidate candidate = RuleCandidateParser.parse(body(exchange), true);
        HttpContext http = HttpContext.of(exchange);
        try {
            exchange.getMessage().setBody(RulesJson.dryRun(editor.dryRun(candidate, () -> http != null && http.clientGone())));
            outcomes.count(DryRunOutcomes.COMPLETED);
        } catch (RulebookCompileException e) {
            outcomes.count(DryRunOutcomes.INVALID);
            respond(exchange, 400, RulesJson.invalidRules(e.problems()));
        } catch (ApiError e) {
            outcomes.count(e.status() == 429 ? DryRunOutcomes.BUSY : e.code() == null ? "error" : e.code());
            throw e;
        } catch (DryRun.DryRunStopped e) {
            outcomes.count(e.timedOut() ? DryRunOutcomes.TIMED_OUT : DryRunOutcomes.CLIENT_GONE);
            // A client that left gets nothing; one still waiting learns the budget ran out.
            throw new ApiError(503, ApiError.UNAVAILABLE, e.timedOut() ? "dry_run_timeout" : "client_gone",
                    e.getMessage() + "; retry when the gateway is less busy", 1);
        }
    }

    void put(Exchange exchange) {
        RuleCandidate candidate = RuleCandidateParser.parse(body(exchange), true);
        activated(exchange, () -> editor.activate(candidate));
    }

    void rollback(Exchange exchange) {
        long version = versionParam(exchange);
        RuleCandidate meta = RuleCandidateParser.parse(body(exchange), false);
        if (!meta.files().isEmpty()) {
            throw ApiError.badRequest("invalid_rules_request", "a rollback takes no files: it restores version " + version);
        }
        activated(exchange, () -> editor.rollback(version, meta));
    }

    private void activated(Exchange exchange, java.util.function.Supplier<RuleVersion> activation) {
        try {
            RuleVersion version = activation.get();
            exchange.getMessage().setBody(RulesJson.version(version, version.version(), true));
        } catch (RulebookCompileException e) {
            respond(exchange, 400, RulesJson.invalidRules(e.problems()));
        } catch (StaleVersionException e) {
            ObjectNode body = ApiError.body(e.getMessage(), "conflict_error", "stale_base_version");
            body.put("current_version", e.currentVersion());
            respond(exchange, 409, body);
        }
    }

    void history(Exchange exchange) {
        exchange.getMessage().setBody(markCached(RulesJson.history(editor.history(), editor.active().version())));
    }

    void version(Exchange exchange) {
        long version = versionParam(exchange);
        exchange.getMessage().setBody(markCached(editor.version(version)
                .map(entry -> RulesJson.historyEntry(entry, editor.active().version(), true))
                .orElseThrow(() -> ApiError.notFound("version_not_found", "no rules version " + version))));
    }

    /** A read answered from the replica's cached copy says so: {@code "source": "cache"} and why. */
    private ObjectNode markCached(ObjectNode body) {
        editor.cachedReadsNote().ifPresent(note -> body.put("source", "cache").put("source_note", note));
        return body;
    }

    private static long versionParam(Exchange exchange) {
        String raw = exchange.getMessage().getHeader(RulesAdminRoutes.VERSION_PARAM, String.class);
        try {
            long version = Long.parseLong(raw);
            if (version >= 1) {
                return version;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw ApiError.badRequest("invalid_version", "the version must be a positive integer, but was '" + raw + "'");
    }

    private static void respond(Exchange exchange, int status, ObjectNode body) {
        Message message = exchange.getMessage();
        message.setHeader(Exchange.HTTP_RESPONSE_CODE, status);
        message.setBody(body);
    }

    private static JsonNode body(Exchange exchange) {
        return exchange.getMessage().getBody(JsonNode.class);
    }
}
