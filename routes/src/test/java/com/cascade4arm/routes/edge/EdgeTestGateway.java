package com.cascade4arm.routes.edge;

import com.cascade4arm.routes.Gateway;
import com.cascade4arm.routes.GatewayMainListener;
import com.cascade4arm.routes.config.GatewaySettings;
import com.cascade4arm.routes.routing.RoutingService;
import com.cascade4arm.routes.routing.RulebookRoutingService;
import com.cascade4arm.rules.RoutingRulebook;
import org.apache.camel.main.Main;
import org.apache.camel.spi.PropertiesComponent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The real gateway (Camel Main, the default rulebook, platform-http on a free loopback port) against the given
 * upstream URLs, with the given properties — for the edge, fault and load tests.
 */
public final class EdgeTestGateway implements AutoCloseable {
    private final Main main = new Main();
    private final GatewayMainListener listener;
    private final URI base;
    private final int port;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    public EdgeTestGateway(String smallUrl, String largeUrl, Map<String, String> properties) throws Exception {
        port = freePort();
        listener = new GatewayMainListener() {
            @Override
            protected GatewaySettings resolveUpstreams(GatewaySettings settings, PropertiesComponent props) {
                return settings;
            }

            @Override
            protected RoutingService routing(PropertiesComponent props) {
                return new RulebookRoutingService(RoutingRulebook.defaults(), 1);
            }
        };
        main.addMainListener(listener);
        main.addInitialProperty("camel.server.enabled", "true");
        main.addInitialProperty("camel.server.port", String.valueOf(port));
        main.addInitialProperty("cascade.small.urls", smallUrl);
        main.addInitialProperty("cascade.large.urls", largeUrl);
        main.addInitialProperty("cascade.metrics.cache-ms", "0"); // tests read counters right after acting
        properties.forEach(main::addInitialProperty);
        main.start();
        base = URI.create("http://127.0.0.1:" + port);
    }

    public URI base() {
        return base;
    }

    public int port() {
        return port;
    }

    public Gateway gateway() {
        return listener.gateway();
    }

    public Edge edge() {
        return gateway().edge();
    }

    public HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30)).GET().build());
    }

    public HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A counter or gauge from /metrics (sum over the series whose labels contain every given {@code label="value"}). */
    public double metric(String name, String... labels) {
        double sum = 0;
        Pattern line = Pattern.compile("^" + Pattern.quote(name) + "(\\{[^}]*})? (\\S+)$");
        for (String text : get("/metrics").body().split("\n")) {
            Matcher m = line.matcher(text);
            if (m.matches() && containsAll(m.group(1) == null ? "" : m.group(1), labels)) {
                sum += Double.parseDouble(m.group(2));
            }
        }
        return sum;
    }

    private static boolean containsAll(String labelSet, String... labels) {
        for (String label : labels) {
            if (!labelSet.contains(label)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void close() throws Exception {
        main.stop();
    }

    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
