package com.cascade4arm.routes.operator.rulesadmin;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.routes.serving.http.AdminAuth;
import com.cascade4arm.routes.serving.http.ApiErrors;
import com.cascade4arm.routes.serving.http.ErrorsConfiguration;
import com.cascade4arm.routes.serving.routing.RulebookRoutingService;
import com.cascade4arm.rules.RoutingRulebook;
import com.cascade4arm.rules.store.RuleVersions;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.camel.Exchange;
import org.apache.camel.Produce;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.main.MainConfigurationProperties;
import org.apache.camel.test.main.junit5.CamelMainTest;
import org.apache.camel.test.main.junit5.Configure;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import static com.cascade4arm.routes.RouteIds.RULES_DRY_RUN;
import static com.cascade4arm.routes.RouteIds.RULES_GET;
import static com.cascade4arm.routes.RouteIds.RULES_HISTORY;
import static com.cascade4arm.routes.RouteIds.RULES_PUT;
import static com.cascade4arm.routes.RouteIds.RULES_ROLLBACK;
import static com.cascade4arm.routes.RouteIds.RULES_VALIDATE;
import static com.cascade4arm.routes.RouteIds.RULES_VERSION;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rules admin routes' admin step, without sockets: edits and rollbacks need the admin token (a request without
 * one is 401, or 403 when no token is configured) before the rule store is opened; validation compiles client DRL, so it
 * needs the token only when the gateway is exposed. Requests enter at {@code direct:} with no Authorization header.
 */
@CamelMainTest(propertyPlaceholderFileName = "route-tests.properties",
        replaceRouteFromWith = {RULES_GET + "=direct:" + RULES_GET, RULES_VALIDATE + "=direct:" + RULES_VALIDATE,
                RULES_DRY_RUN + "=direct:" + RULES_DRY_RUN, RULES_PUT + "=direct:" + RULES_PUT,
                RULES_HISTORY + "=direct:" + RULES_HISTORY, RULES_VERSION + "=direct:" + RULES_VERSION,
                RULES_ROLLBACK + "=direct:" + RULES_ROLLBACK})
class RulesAdminAuthRouteTest {
    private static final ExecutorService WORKERS = Executors.newFixedThreadPool(2);

    /** Counts the rule store openings: an edit that reaches the store opens it. */
    private final AtomicInteger storeOpened = new AtomicInteger();

    @Produce
    ProducerTemplate client;

    @Configure
    protected void configure(MainConfigurationProperties configuration) {
        Supplier<RuleVersions> store = () -> {
            storeOpened.incrementAndGet();
            throw new IllegalStateException("the store is not part of this test");
        };
        RuleEditor editor = new RuleEditor(store, new RulebookRoutingService(RoutingRulebook.defaults(), 1));
        configuration.addRoutesBuilder(new ErrorsConfiguration());
        configuration.addRoutesBuilder(new RulesAdminRoutes(editor, new AdminAuth("admin-secret"), true, WORKERS,
                new SimpleMeterRegistry()));
    }

    @AfterAll
    static void stopWorkers() {
        WORKERS.shutdownNow();
    }

    @Test
    void refusesAnEditWithoutTheTokenBeforeOpeningTheStore() {
        ApiError error = clientError(send(RULES_PUT, "{\"drl\":\"package x;\"}"));

        assertThat(error.status()).isEqualTo(401);
        assertThat(error.code()).isEqualTo("invalid_admin_token");
        assertThat(storeOpened).as("store opened").hasValue(0);
    }

    @Test
    void refusesARollbackWithoutTheToken() {
        ApiError error = clientError(send(RULES_ROLLBACK, ""));

        assertThat(error.status()).isEqualTo(401);
        assertThat(storeOpened).as("store opened").hasValue(0);
    }

    @Test
    void asksForTheTokenToValidateOnAnExposedGateway() {
        ApiError error = clientError(send(RULES_VALIDATE, "{\"drl\":\"package x;\"}"));

        assertThat(error.status()).isEqualTo(401);
        assertThat(error.toJson().path("error").path("message").asText()).startsWith("validating rules needs");
    }

    private Exchange send(String route, String body) {
        return client.send("direct:" + route,
                exchange -> exchange.getMessage().setBody(body.getBytes(StandardCharsets.UTF_8)));
    }

    private static ApiError clientError(Exchange done) {
        Throwable failure = done.getException() != null ? done.getException()
                : done.getProperty(ErrorsConfiguration.FAILURE, Throwable.class);
        assertThat(failure).as("failure left for the ingress").isNotNull();
        return ApiErrors.of(failure);
    }
}
