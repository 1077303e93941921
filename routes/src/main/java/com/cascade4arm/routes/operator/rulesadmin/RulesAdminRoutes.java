package com.cascade4arm.routes.operator.rulesadmin;

import com.cascade4arm.routes.serving.http.AdminAuth;
import com.cascade4arm.routes.serving.http.ApiRoutes;
import com.cascade4arm.routes.serving.http.Json;

import io.micrometer.core.instrument.MeterRegistry;
import org.apache.camel.Processor;

import java.util.concurrent.ExecutorService;

import static com.cascade4arm.routes.RouteIds.RULES_DRY_RUN;
import static com.cascade4arm.routes.RouteIds.RULES_GET;
import static com.cascade4arm.routes.RouteIds.RULES_HISTORY;
import static com.cascade4arm.routes.RouteIds.RULES_PUT;
import static com.cascade4arm.routes.RouteIds.RULES_ROLLBACK;
import static com.cascade4arm.routes.RouteIds.RULES_VALIDATE;
import static com.cascade4arm.routes.RouteIds.RULES_VERSION;

/**
 * The rules API under /api/rules (shapes in routes/README.md): reading is public, validate and dry-run change nothing
 * (but compile client DRL, so they need the admin token too when the gateway is exposed), PUT and rollback need the
 * admin token. DRL problems answer with every problem and its line. Compiles and the version
 * files block, so these routes hop onto the worker pool ({@code threads()}); JSON in and out is camel-jackson's.
 */
public final class RulesAdminRoutes extends ApiRoutes {
    public static final String RULES_PATH = "/api/rules";
    /** Path parameter of /api/rules/versions/{version} and /api/rules/rollback/{version}. */
    public static final String VERSION_PARAM = "version";

    private final RulesApi api;
    private final AdminAuth admin;
    /** Bound to a non-loopback address: compiling someone's DRL is for the admin only. */
    private final boolean exposed;

    public RulesAdminRoutes(RuleEditor editor, AdminAuth admin, boolean exposed, ExecutorService workers,
                            MeterRegistry meters) {
        super(workers);
        this.api = new RulesApi(editor, admin, new DryRunOutcomes(meters));
        this.admin = admin;
        this.exposed = exposed;
    }

    @Override
    public void configure() {
        onWorkers("GET", RULES_PATH, RULES_GET)
                .process(api::current)
                .marshal(Json.answer());
        onWorkers("POST", RULES_PATH + "/validate", RULES_VALIDATE)
                .process(compileGuard("validating rules"))
                .unmarshal(Json.tree())
                .process(api::validate)
                .marshal(Json.answer());
        onWorkers("POST", RULES_PATH + "/dry-run", RULES_DRY_RUN)
                .process(compileGuard("dry-running rules"))
                .unmarshal(Json.tree())
                .process(api::dryRun)
                .marshal(Json.answer());
        onWorkers("PUT", RULES_PATH, RULES_PUT)
                .process(admin.only("editing rules"))
                .unmarshal(Json.tree())
                .process(api::put)
                .marshal(Json.answer());
        onWorkers("GET", RULES_PATH + "/history", RULES_HISTORY)
                .process(api::history)
                .marshal(Json.answer());
        onWorkers("GET", RULES_PATH + "/versions/{" + VERSION_PARAM + "}", RULES_VERSION)
                .process(api::version)
                .marshal(Json.answer());
        onWorkers("POST", RULES_PATH + "/rollback/{" + VERSION_PARAM + "}", RULES_ROLLBACK)
                .process(admin.only("rolling back rules"))
                .process(Json.emptyBodyIsNull())
                .unmarshal(Json.tree())
                .process(api::rollback)
                .marshal(Json.answer());
    }

    /** The admin check for steps that compile client DRL when exposed; nothing on loopback. */
    private Processor compileGuard(String operation) {
        return exposed ? admin.only(operation) : exchange -> { };
    }
}
