package com.cascade4arm.app;

import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.handler.StaticHandler;

/** Serves the web console (the ui module's classpath assets) at /, its setup at /console-setup.json and WebJars at /webjars/. */
final class WebConsole {
    /** Classpath folder the ui module ships its assets in. */
    static final String UI_ROOT = "cascade-ui";
    static final String INDEX_PAGE = "index.html";
    /** What the console needs to know about this gateway's setup that the API does not say. */
    static final String SETUP_PATH = "/console-setup.json";
    private static final String WEBJARS_ROOT = "META-INF/resources/webjars";

    private WebConsole() {
    }

    /** {@code demoModels}: the gateway answers with the embedded demo models, which the console tells its users. */
    static void mount(Router router, boolean demoModels) {
        String setup = new JsonObject().put("demo_models", demoModels).encode();
        router.get(SETUP_PATH).handler(ctx -> ctx.response().putHeader("Content-Type", "application/json")
                .putHeader("Cache-Control", "no-store").end(setup));
        router.get("/webjars/*").handler(StaticHandler.create(WEBJARS_ROOT).setDirectoryListing(false));
        // GET and HEAD (a HEAD gets the GET's status and headers, no body); ETag + revalidation (StaticRevalidation).
        router.route("/*").method(HttpMethod.GET).method(HttpMethod.HEAD)
                .handler(new StaticRevalidation(UI_ROOT, INDEX_PAGE)::handle)
                .handler(StaticHandler.create(UI_ROOT).setIndexPage(INDEX_PAGE).setCachingEnabled(false)
                        .setDirectoryListing(false).setIncludeHidden(false));
    }
}
