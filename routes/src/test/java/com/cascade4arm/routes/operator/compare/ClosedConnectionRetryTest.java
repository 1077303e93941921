package com.cascade4arm.routes.operator.compare;

import org.apache.hc.core5.http.NoHttpResponseException;
import org.apache.hc.core5.http.message.BasicClassicHttpRequest;
import org.apache.hc.core5.http.message.BasicHttpResponse;
import org.apache.hc.core5.http.protocol.BasicHttpContext;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.net.SocketException;
import java.net.SocketTimeoutException;

import static org.assertj.core.api.Assertions.assertThat;

/** camel-http's own retries for Compare legs: one resend of a request lost on a closed connection, nothing else. */
class ClosedConnectionRetryTest {
    private final ClosedConnectionRetry retry = new ClosedConnectionRetry();
    private final BasicClassicHttpRequest request = new BasicClassicHttpRequest("POST", "/v1/chat/completions");
    private final BasicHttpContext context = new BasicHttpContext();

    @Test
    void resendsOnceWhenTheServerClosedTheConnectionBeforeAnyAnswer() {
        NoHttpResponseException closed = new NoHttpResponseException("127.0.0.1:8081 failed to respond");

        assertThat(retry.retryRequest(request, closed, 1, context)).isTrue();
        assertThat(retry.retryRequest(request, closed, 2, context)).as("only once").isFalse();
    }

    @Test
    void resendsOnceWhenTheConnectionWasReset() {
        assertThat(retry.retryRequest(request, new SocketException("Connection reset"), 1, context)).isTrue();
        assertThat(retry.retryRequest(request, new SocketException("Connection reset"), 2, context)).isFalse();
    }

    @Test
    void leavesOtherFailuresToTheLegsRetry() {
        assertThat(retry.retryRequest(request, new ConnectException("Connection refused"), 1, context)).isFalse();
        assertThat(retry.retryRequest(request, new SocketTimeoutException("Read timed out"), 1, context)).isFalse();
        assertThat(retry.retryRequest(request, new SocketException("Broken pipe"), 1, context)).isFalse();
    }

    @Test
    void neverRetriesAnAnsweredRequestWhateverItsStatus() {
        for (int status : new int[]{429, 500, 503}) {
            assertThat(retry.retryRequest(new BasicHttpResponse(status), 1, context)).as("HTTP %d", status).isFalse();
        }
    }
}
