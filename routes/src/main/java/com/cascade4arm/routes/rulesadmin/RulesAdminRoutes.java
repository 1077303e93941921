package com.cascade4arm.routes.rulesadmin;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.routes.http.AdminAuth;
import com.cascade4arm.routes.http.ApiRoutes;
import com.cascade4arm.routes.http.Json;
import com.cascade4arm.routes.routing.RulebookRoutingService;
import com.cascade4arm.rules.RoutingRulebook;
import com.cascade4arm.rules.RulebookCompileException;
import com.cascade4arm.rules.store.RuleVersion;
import com.cascade4arm.rules.store.StaleVersionException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.Exchange;
import org.apache.camel.Message;

import java.util.concurrent.ExecutorService;

import static com.cascade4arm.routes.RouteIds.RULES_DRY_RUN;
import static com.cascade4arm.routes.RouteIds.RULES_GET;
import static com.cascade4arm.routes.RouteIds.RULES_HISTORY;
import static com.cascade4arm.routes.RouteIds.RULES_PUT;
import static com.cascade4arm.routes.RouteIds.RULES_ROLLBACK;
import static com.cascade4arm.routes.RouteIds.RULES_VALIDATE;
import static com.cascade4arm.routes.RouteIds.RULES_VERSION;

/**
 * The rules API under /api/rules (shapes in routes/README.md): reading is public, validate and dry-run change nothing,
 * PUT and rollback need the admin token. DRL problems answer with every problem and its line. Compiles and the version
 * files block, so these routes hop onto the worker pool ({@code threads()}); JSON in and out is camel-jackson's.
 */
public final class RulesAdminRoutes extends ApiRoutes {
    public static final String RULES_PATH = "/api/rules";
    /** Path parameter of /api/rules/versions/{version} and /api/rules/rollback/{version}. */
    public static final String VERSION_PARAM = "version";

    private final RuleEditor editor;
    private final AdminAuth admin;

    public RulesAdminRoutes(RuleEditor editor, AdminAuth admin, ExecutorService workers) {
        super(workers);
        this.editor = editor;
        this.admin = admin;
    }

    @Override
    public void configure() {
        onWorkers("GET", RULES_PATH, RULES_GET)
                .process(this::current)
                .marshal(Json.answer());
        onWorkers("POST", RULES_PATH + "/validate", RULES_VALIDATE)
                .unmarshal(Json.tree())
                .process(this::validate)
                .marshal(Json.answer());
        onWorkers("POST", RULES_PATH + "/dry-run", RULES_DRY_RUN)
                .unmarshal(Json.tree())
                .process(this::dryRun)
                .marshal(Json.answer());
        onWorkers("PUT", RULES_PATH, RULES_PUT)
                .process(admin.only("editing rules"))
                .unmarshal(Json.tree())
                .process(this::put)
                .marshal(Json.answer());
        onWorkers("GET", RULES_PATH + "/history", RULES_HISTORY)
                .process(this::history)
                .marshal(Json.answer());
        onWorkers("GET", RULES_PATH + "/versions/{" + VERSION_PARAM + "}", RULES_VERSION)
                .process(this::version)
                .marshal(Json.answer());
        onWorkers("POST", RULES_PATH + "/rollback/{" + VERSION_PARAM + "}", RULES_ROLLBACK)
                .process(admin.only("rolling back rules"))
                .process(RulesAdminRoutes::emptyBodyIsNoFields)
                .unmarshal(Json.tree())
                .process(this::rollback)
                .marshal(Json.answer());
    }


    /** A rollback may come without a body: then it takes the defaults (author, comment). */
    private static void emptyBodyIsNoFields(Exchange exchange) {
        String body = exchange.getMessage().getBody(String.class);
        if (body == null || body.isBlank()) {
            exchange.getMessage().setBody("null");
        }
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
        try {
            exchange.getMessage().setBody(RulesJson.dryRun(editor.dryRun(candidate)));
        } catch (RulebookCompileException e) {
            respond(exchange, 400, RulesJson.invalidRules(e.problems()));
        }
    }

    private void put(Exchange exchange) {
        RuleCandidate candidate = RuleCandidateParser.parse(body(exchange), true);
        activated(exchange, () -> editor.activate(candidate));
    }

    private void rollback(Exchange exchange) {
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

    private void history(Exchange exchange) {
        exchange.getMessage().setBody(RulesJson.history(editor.history(), editor.active().version()));
    }

    private void version(Exchange exchange) {
        long version = versionParam(exchange);
        exchange.getMessage().setBody(editor.version(version)
                .map(entry -> RulesJson.historyEntry(entry, editor.active().version(), true))
                .orElseThrow(() -> ApiError.notFound("version_not_found", "no rules version " + version)));
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
