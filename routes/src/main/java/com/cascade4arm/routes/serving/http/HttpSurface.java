package com.cascade4arm.routes.serving.http;

import com.cascade4arm.routes.serving.edge.Edge;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;

import java.util.ArrayList;
import java.util.List;

/**
 * The gateway's HTTP API on its own router ({@link GatewayHttpServer}): ingress consumers mount their method and path
 * here (queued until the server is bound), each behind the edge's admission (rate limit and the per-client cap before the body is read,
 * the total and stream caps after) and a body cap.
 */
public final class HttpSurface {
    private final Edge edge;
    private final long maxBodyBytes;
    private final List<Runnable> pending = new ArrayList<>();
    private Router router;

    public HttpSurface(Edge edge, long maxBodyBytes) {
        this.edge = edge;
        this.maxBodyBytes = maxBodyBytes;
    }

    /** Mounts everything queued so far, and later mounts at once. */
    public synchronized void bind(Router router) {
        this.router = router;
        pending.forEach(Runnable::run);
        pending.clear();
    }

    synchronized void mount(HttpMethod method, String path, Handler<RoutingContext> handler) {
        edge.knownRoutes().register(method, path);
        Runnable mount = () -> {
            // Edge: rate limit and the per-client cap on a route of their own, so they run before the next one reads
            // the body (Vert.x puts body handlers first within a route); the total and stream caps once the body is
            // read, so a slow upload holds none of the slots every client shares.
            router.route(method, path).handler(edge::admit);
            var route = router.route(method, path);
            if (method == HttpMethod.POST || method == HttpMethod.PUT) {
                route.handler(BodyHandler.create(false).setBodyLimit(maxBodyBytes));
            }
            route.handler(edge::admitAfterBody);
            route.handler(handler).failureHandler(HttpSurface::fail);
        };
        if (router == null) {
            pending.add(mount);
        } else {
            mount.run();
        }
    }

    /** Vert.x-level failures (body too large, bad framing) get the same OpenAI error shape. */
    private static void fail(RoutingContext ctx) {
        if (ctx.response().ended() || ctx.response().closed()) {
            return; // already answered (e.g. 408 from the edge) or the client is gone: nobody to tell
        }
        // A body that breaks off or has broken framing (a bad chunk size) fails the body handler without a status.
        int status = ctx.statusCode() > 0 ? ctx.statusCode() : isMalformedBody(ctx.failure()) ? 400 : 500;
        String message = switch (status) {
            case 413 -> "request body is larger than the limit";
            case 400 -> "malformed request body";
            default -> "request failed";
        };
        HttpContext http = new HttpContext(ctx.request(), System.nanoTime());
        if (ctx.failure() != null && status == 500) {
            IngressConsumer.respondWithError(http, ctx.failure());
            return;
        }
        String code = status == 413 ? "request_too_large" : "request_failed";
        http.sendError(new com.cascade4arm.openai.ApiError(status,
                status >= 500 ? com.cascade4arm.openai.ApiError.SERVER : com.cascade4arm.openai.ApiError.INVALID_REQUEST,
                code, message));
    }

    /** Decoder and connection failures while reading a body: the client's framing, not a gateway bug. */
    private static boolean isMalformedBody(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof io.netty.handler.codec.DecoderException || cause instanceof IllegalArgumentException
                    || cause instanceof io.vertx.core.http.HttpClosedException) {
                return true;
            }
        }
        return false;
    }
}
