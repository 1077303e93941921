package com.cascade4arm.routes.operator.keys;

import com.cascade4arm.routes.serving.http.AdminAuth;
import com.cascade4arm.routes.serving.http.ApiRoutes;
import com.cascade4arm.routes.serving.http.Json;
import com.cascade4arm.routes.serving.keys.KeyStore;
import com.cascade4arm.routes.serving.requestlog.RequestLog;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.ExecutorService;

import static com.cascade4arm.routes.RouteIds.KEYS_CREATE;
import static com.cascade4arm.routes.RouteIds.KEYS_LIST;
import static com.cascade4arm.routes.RouteIds.KEYS_REVOKE;
import static com.cascade4arm.routes.RouteIds.KEYS_ROTATE;
import static com.cascade4arm.routes.RouteIds.KEYS_SHOW;
import static com.cascade4arm.routes.RouteIds.KEYS_UPDATE;
import static com.cascade4arm.routes.RouteIds.KEYS_USAGE;
import static com.cascade4arm.routes.RouteIds.REQUESTS_LIST;

/**
 * Virtual keys and the request log for the admin (every route needs the admin token): create (the secret once), list,
 * show, update, revoke, rotate, a key's usage (JSON or CSV); the last requests with filters. On the worker pool: the
 * files store writes on create, update, revoke and rotate.
 */
public final class KeysRoutes extends ApiRoutes {
    public static final String KEYS_PATH = "/api/keys";

    private final KeysApi api;
    private final AdminAuth admin;

    public KeysRoutes(KeyStore store, List<String> tiers, RequestLog log, AdminAuth admin, ExecutorService workers) {
        super(workers);
        this.api = new KeysApi(store, tiers, log, Clock.systemUTC());
        this.admin = admin;
    }

    @Override
    public void configure() {
        onWorkers("POST", KEYS_PATH, KEYS_CREATE)
                .process(admin.only("creating keys"))
                .process(Json.emptyBodyIsNull())
                .unmarshal(Json.tree())
                .process(api::create)
                .marshal(Json.answer());
        onWorkers("GET", KEYS_PATH, KEYS_LIST)
                .process(admin.only("listing keys"))
                .process(api::list)
                .marshal(Json.answer());
        onWorkers("GET", KEYS_PATH + "/{id}", KEYS_SHOW)
                .process(admin.only("reading keys"))
                .process(api::show)
                .marshal(Json.answer());
        onWorkers("PUT", KEYS_PATH + "/{id}", KEYS_UPDATE)
                .process(admin.only("changing keys"))
                .process(Json.emptyBodyIsNull())
                .unmarshal(Json.tree())
                .process(api::update)
                .marshal(Json.answer());
        onWorkers("DELETE", KEYS_PATH + "/{id}", KEYS_REVOKE)
                .process(admin.only("revoking keys"))
                .process(api::revoke)
                .marshal(Json.answer());
        onWorkers("POST", KEYS_PATH + "/{id}/rotate", KEYS_ROTATE)
                .process(admin.only("rotating keys"))
                .process(api::rotate)
                .marshal(Json.answer());
        onWorkers("GET", KEYS_PATH + "/{id}/usage", KEYS_USAGE)
                .process(admin.only("reading key usage"))
                .process(api::usage);
        onWorkers("GET", "/api/requests", REQUESTS_LIST)
                .process(admin.only("reading the request log"))
                .process(api::requests);
    }
}
