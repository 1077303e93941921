package com.cascade4arm.app;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.handler.StaticHandler;

/** Serves the web console (the ui module's classpath assets) at / and WebJars at /webjars/. */
final class WebConsole {
    /** Classpath folder the ui module ships its assets in. */
    static final String UI_ROOT = "cascade-ui";
    private static final String WEBJARS_ROOT = "META-INF/resources/webjars";

    private WebConsole() {
    }

    static void mount(Router router) {
        router.get("/webjars/*").handler(StaticHandler.create(WEBJARS_ROOT).setDirectoryListing(false));
        router.get("/*").handler(StaticHandler.create(UI_ROOT).setIndexPage("index.html").setCachingEnabled(false)
                .setDirectoryListing(false).setIncludeHidden(false));
    }
}
