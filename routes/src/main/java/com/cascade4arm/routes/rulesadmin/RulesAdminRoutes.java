package com.cascade4arm.routes.rulesadmin;

import com.cascade4arm.routes.http.AdminAuth;
import com.cascade4arm.routes.http.ApiException;
import com.cascade4arm.routes.http.ErrorsConfiguration;
import com.cascade4arm.routes.http.HttpContext;
import com.cascade4arm.routes.http.Json;
import com.cascade4arm.routes.http.OpenAiErrors;
import com.cascade4arm.routes.routing.RulebookRoutingService;
import com.cascade4arm.rules.RoutingRulebook;
import com.cascade4arm.rules.RulebookCompileException;
import com.cascade4arm.rules.store.RuleVersion;
import com.cascade4arm.rules.store.StaleVersionException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.builder.RouteBuilder;

import static com.cascade4arm.routes.RouteIds.RULES_DRY_RUN;
import static com.cascade4arm.routes.RouteIds.RULES_GET;
import static com.cascade4arm.routes.RouteIds.RULES_HISTORY;
import static com.cascade4arm.routes.RouteIds.RULES_PUT;
import static com.cascade4arm.routes.RouteIds.RULES_ROLLBACK;
import static com.cascade4arm.routes.RouteIds.RULES_VALIDATE;
import static com.cascade4arm.routes.RouteIds.RULES_VERSION;
import static com.cascade4arm.routes.RouteIds.direct;

/**
 * The rules API under /api/rules (shapes in routes/README.md): reading is public, validate and dry-run change nothing,
 * PUT and rollback need the admin token. DRL problems answer with every problem and its line.
 */
public final class RulesAdminRoutes extends RouteBuilder {
    public static final String RULES_PATH = "/api/rules";
    /** Path parameter of /api/rules/versions/:version and /api/rules/rollback/:version. */
    public static final String VERSION_PARAM = "version";

    private final RuleEditor editor;
    private final AdminAuth admin;

    public RulesAdminRoutes(RuleEditor editor, AdminAuth admin) {
        this.editor = editor;
        this.admin = admin;
    }

    @Override
    public void configure() {
        from(direct(RULES_GET)).routeId(RULES_GET).routeConfigurationId(ErrorsConfiguration.ID).process(this::current);
        from(direct(RULES_VALIDATE)).routeId(RULES_VALIDATE).routeConfigurationId(ErrorsConfiguration.ID).process(this::validate);
        from(direct(RULES_DRY_RUN)).routeId(RULES_DRY_RUN).routeConfigurationId(ErrorsConfiguration.ID).process(this::dryRun);
        from(direct(RULES_PUT)).routeId(RULES_PUT).routeConfigurationId(ErrorsConfiguration.ID).process(this::put);
        from(direct(RULES_HISTORY)).routeId(RULES_HISTORY).routeConfigurationId(ErrorsConfiguration.ID).process(this::history);
        from(direct(RULES_VERSION)).routeId(RULES_VERSION).routeConfigurationId(ErrorsConfiguration.ID).process(this::version);
        from(direct(RULES_ROLLBACK)).routeId(RULES_ROLLBACK).routeConfigurationId(ErrorsConfiguration.ID).process(this::rollback);
    }

    private void current(Exchange exchange) {
        RuleVersion active = editor.active();
        ObjectNode body = RulesJson.version(active, active.version(), true);
        RulebookRoutingService.ActiveRulebook serving = editor.serving();
        if (serving.version() == active.version()) {
            serving.rulebook().ruleNames().forEach(body.putArray("rules")::add);
        }
        body.put("editing_enabled", admin.enabled());
        exchange.getMessage().setBody(body);
    }

    private void validate(Exchange exchange) {
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

    private void dryRun(Exchange exchange) {
        RuleCandidate candidate = RuleCandidateParser.parse(body(exchange), true);
        HttpContext http = exchange.getProperty(HttpContext.PROPERTY, HttpContext.class);
        try {
            exchange.getMessage().setBody(RulesJson.dryRun(editor.dryRun(candidate, () -> http != null && http.clientGone())));
        } catch (RulebookCompileException e) {
            respond(exchange, 400, RulesJson.invalidRules(e.problems()));
        } catch (DryRun.DryRunStopped e) {
            // A client that left gets nothing; one still waiting learns the budget ran out.
            throw new ApiException(503, "unavailable_error", e.timedOut() ? "dry_run_timeout" : "client_gone",
                    e.getMessage() + "; retry when the gateway is less busy", 1);
        }
    }

    private void put(Exchange exchange) {
        admin.require(authorization(exchange), "editing rules");
        RuleCandidate candidate = RuleCandidateParser.parse(body(exchange), true);
        activated(exchange, () -> editor.activate(candidate));
    }

    private void rollback(Exchange exchange) {
        admin.require(authorization(exchange), "rolling back rules");
        long version = versionParam(exchange);
        RuleCandidate meta = RuleCandidateParser.parse(body(exchange), false);
        if (!meta.files().isEmpty()) {
            throw ApiException.badRequest("invalid_rules_request", "a rollback takes no files: it restores version " + version);
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
            ObjectNode body = OpenAiErrors.body(e.getMessage(), "conflict_error", "stale_base_version");
            body.put("current_version", e.currentVersion());
            respond(exchange, 409, body);
        }
    }

    private void history(Exchange exchange) {
        exchange.getMessage().setBody(RulesJson.history(editor.history(), editor.active().version()));
    }

    private void version(Exchange exchange) {
        long version = versionParam(exchange);
        exchange.getMessage().setBody(editor.version(version)
                .map(entry -> RulesJson.historyEntry(entry, editor.active().version(), true))
                .orElseThrow(() -> ApiException.notFound("version_not_found", "no rules version " + version)));
    }

    private static long versionParam(Exchange exchange) {
        String raw = exchange.getMessage().getHeader(VERSION_PARAM, String.class);
        try {
            long version = Long.parseLong(raw);
            if (version >= 1) {
                return version;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw ApiException.badRequest("invalid_version", "the version must be a positive integer, but was '" + raw + "'");
    }

    private static void respond(Exchange exchange, int status, ObjectNode body) {
        Message message = exchange.getMessage();
        message.setHeader(Exchange.HTTP_RESPONSE_CODE, status);
        message.setBody(body);
    }

    private static byte[] body(Exchange exchange) {
        return exchange.getMessage().getBody(byte[].class);
    }

    private static String authorization(Exchange exchange) {
        HttpContext http = exchange.getProperty(HttpContext.PROPERTY, HttpContext.class);
        return http == null ? null : http.header("Authorization");
    }
}
