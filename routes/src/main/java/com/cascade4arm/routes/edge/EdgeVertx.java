package com.cascade4arm.routes.edge;

import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.impl.VertxInternal;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * The gateway's Vert.x as Camel's platform-http sees it. Camel creates the HTTP server itself from a fresh
 * {@code HttpServerOptions} and offers no hook for options, a connection handler or an invalid-request handler — but
 * it takes its Vert.x from the registry, and the gateway owns that. So the registry holds this view: every call goes
 * to the real instance, except that {@code createHttpServer} adjusts the options and installs the handlers before
 * Camel calls {@code listen} (Vert.x only accepts them before). The instance is the same, but the view is a JDK proxy
 * implementing Vert.x's internal {@code io.vertx.core.impl.VertxInternal} (so code that expects the internal type of
 * a real instance still gets one), forwarding each call by reflection: it depends on that internal interface, so a
 * Vert.x upgrade must be checked against it.
 */
final class EdgeVertx {
    private EdgeVertx() {
    }

    /**
     * The server as Camel sees it: the request handler Camel installs (its router) runs behind {@code screen}, which
     * answers what the router cannot (CONNECT's authority-form target has no path, so the router says 404 in plain text).
     */
    private static HttpServer screened(HttpServer server, Predicate<HttpServerRequest> screen) {
        return (HttpServer) Proxy.newProxyInstance(EdgeVertx.class.getClassLoader(), new Class<?>[]{HttpServer.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("requestHandler") && args != null && args.length == 1
                            && args[0] instanceof Handler<?> handler) {
                        @SuppressWarnings("unchecked")
                        Handler<HttpServerRequest> router = (Handler<HttpServerRequest>) handler;
                        server.requestHandler(request -> {
                            if (screen.test(request)) {
                                router.handle(request);
                            }
                        });
                        return proxy;
                    }
                    try {
                        Object result = method.invoke(server, args);
                        return result == server ? proxy : result;
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    static Vertx wrap(Vertx vertx, UnaryOperator<HttpServerOptions> options, Consumer<HttpServer> customize,
                      Predicate<HttpServerRequest> screen) {
        return (Vertx) Proxy.newProxyInstance(EdgeVertx.class.getClassLoader(), new Class<?>[]{VertxInternal.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("createHttpServer")) {
                        HttpServerOptions given = args != null && args.length == 1 && args[0] instanceof HttpServerOptions o
                                ? new HttpServerOptions(o) : new HttpServerOptions();
                        HttpServer server = vertx.createHttpServer(options.apply(given));
                        customize.accept(server);
                        return screened(server, screen);
                    }
                    if (method.getName().equals("equals") && args != null && args.length == 1) {
                        return proxy == args[0] || vertx.equals(args[0]);
                    }
                    try {
                        return method.invoke(vertx, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
