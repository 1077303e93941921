package com.cascade4arm.routes.operator.compare;

import org.apache.hc.client5.http.HttpRequestRetryStrategy;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.NoHttpResponseException;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.util.TimeValue;

import java.io.IOException;
import java.net.SocketException;

/**
 * camel-http's one retry for Compare legs: a request that went out on a pooled connection the server had already
 * closed, so that not a byte of an answer came back, is sent once more on a new connection. llama-server closes the
 * connection after every streamed answer while announcing keep-alive; the client's stale-connection check runs only
 * after seconds of idleness, so a compare soon after another would otherwise fail on the baseline leg. Nothing else is
 * retried here — statuses (429, 503) and failures after the answer began belong to the legs' Resilience4j Retry, and
 * Apache HttpClient's default strategy (which would retry 429/503 quietly) is not used.
 */
final class ClosedConnectionRetry implements HttpRequestRetryStrategy {
    @Override
    public boolean retryRequest(HttpRequest request, IOException exception, int execCount, HttpContext context) {
        return execCount == 1 && (exception instanceof NoHttpResponseException
                || exception instanceof SocketException && String.valueOf(exception.getMessage()).contains("reset"));
    }

    @Override
    public boolean retryRequest(HttpResponse response, int execCount, HttpContext context) {
        return false;
    }

    @Override
    public TimeValue getRetryInterval(HttpResponse response, int execCount, HttpContext context) {
        return TimeValue.ZERO_MILLISECONDS;
    }
}
