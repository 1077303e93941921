package com.cascade4arm.routes.operator.judge;

import com.cascade4arm.routes.operator.compare.RetryHint;
import com.cascade4arm.routes.serving.http.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.Exchange;

/**
 * One attempt of a judge comparison as it travels the {@code judge-call} route (an exchange property): the chat body
 * going out, and the {@link Reply} the route leaves — the verdict text, or the status and problem with any Retry-After.
 */
final class JudgeCall {
    static final String PROPERTY = "cascade.judge.call";

    private final byte[] body;
    private volatile Reply reply;

    JudgeCall(byte[] body) {
        this.body = body;
    }

    static JudgeCall of(Exchange exchange) {
        return exchange.getProperty(PROPERTY, JudgeCall.class);
    }

    byte[] body() {
        return body;
    }

    Reply reply() {
        return reply;
    }

    void reply(Reply value) {
        reply = value;
    }

    /**
     * @param text    the judge's answer text (null when there is none)
     * @param status  HTTP status, 0 when no answer came
     * @param problem why there is no text (null with text)
     */
    record Reply(String text, int status, String problem, RetryHint hint, boolean called) {
        static Reply answered(String text) {
            return new Reply(text, 200, null, RetryHint.NONE, true);
        }

        static Reply failed(int status, String problem, RetryHint hint) {
            return new Reply(null, status, problem, hint, true);
        }

        static Reply notCalled(String problem) {
            return new Reply(null, 0, problem, RetryHint.NONE, false);
        }

        /** Worth another attempt: rate limited, overloaded or unreachable (not a refusal by the open breaker). */
        boolean retryable() {
            return text == null && called && (status == 0 || status == 429 || status == 502 || status == 503
                    || status == 504);
        }

        /** Reads an OpenAI chat completion: the first choice's message, or the error the body carries. */
        static Reply parse(int status, String body, RetryHint hint) {
            JsonNode json;
            try {
                json = Json.MAPPER.readTree(body == null ? "" : body);
            } catch (Exception e) {
                json = null;
            }
            JsonNode error = json == null ? null : json.path("error");
            String message = error != null && error.path("message").isTextual() ? error.get("message").asText() : null;
            if (status != 200) {
                return failed(status, "judge answered HTTP " + status + (message != null ? ": " + message
                        : body == null || body.isBlank() ? "" : ": " + abbreviate(body)), hint);
            }
            if (message != null) { // an error in a 200 (OpenRouter reports provider errors so)
                return failed(200, "judge answered with an error: " + message, hint);
            }
            JsonNode content = json == null ? null : json.path("choices").path(0).path("message").path("content");
            if (content == null || !content.isTextual()) {
                return failed(200, "judge answered without a message: " + abbreviate(body == null ? "" : body), hint);
            }
            return answered(content.asText());
        }

        private static String abbreviate(String text) {
            return text.length() <= 120 ? text : text.substring(0, 120) + "…";
        }
    }

    /** The chat request for one comparison: greedy, non-streamed, a small budget for a one-token verdict. */
    static byte[] requestBody(String model, int maxTokens, String system, String user) {
        ObjectNode request = Json.object().put("model", model).put("temperature", 0).put("max_tokens", maxTokens)
                .put("stream", false);
        request.putArray("messages").add(Json.object().put("role", "system").put("content", system))
                .add(Json.object().put("role", "user").put("content", user));
        return Json.bytes(request);
    }
}
