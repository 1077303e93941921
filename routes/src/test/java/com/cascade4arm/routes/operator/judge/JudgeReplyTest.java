package com.cascade4arm.routes.operator.judge;

import com.cascade4arm.routes.operator.compare.RetryHint;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class JudgeReplyTest {
    private static final RetryHint ONE_SECOND = new RetryHint("1", null);

    @Test
    void readsTheFirstChoicesMessage() {
        JudgeCall.Reply reply = JudgeCall.Reply.parse(200,
                "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\" B\"}}]}", RetryHint.NONE);

        assertThat(reply.text()).isEqualTo(" B");
        assertThat(reply.retryable()).isFalse();
    }

    @Test
    void aRateLimitIsRetryableWithItsHintAndMessage() {
        JudgeCall.Reply reply = JudgeCall.Reply.parse(429, "{\"error\":{\"message\":\"slow down\"}}", ONE_SECOND);

        assertThat(reply.text()).isNull();
        assertThat(reply.problem()).isEqualTo("judge answered HTTP 429: slow down");
        assertThat(reply.hint()).isEqualTo(ONE_SECOND);
        assertThat(reply.retryable()).isTrue();
    }

    @Test
    void anErrorInA200OrAMissingMessageIsNoReplyAndNotRetried() {
        JudgeCall.Reply inBody = JudgeCall.Reply.parse(200, "{\"error\":{\"message\":\"provider down\",\"code\":502}}",
                RetryHint.NONE);
        JudgeCall.Reply empty = JudgeCall.Reply.parse(200, "{\"choices\":[]}", RetryHint.NONE);
        JudgeCall.Reply badRequest = JudgeCall.Reply.parse(400, "not json", RetryHint.NONE);

        assertThat(inBody.problem()).isEqualTo("judge answered with an error: provider down");
        assertThat(empty.problem()).startsWith("judge answered without a message");
        assertThat(badRequest.problem()).isEqualTo("judge answered HTTP 400: not json");
        assertThat(java.util.List.of(inBody, empty, badRequest)).noneMatch(JudgeCall.Reply::retryable);
    }

    @Test
    void anOpenBreakerIsNotRetried() {
        assertThat(JudgeCall.Reply.notCalled("open").retryable()).isFalse();
        assertThat(JudgeCall.Reply.failed(0, "unreachable", RetryHint.NONE).retryable()).isTrue();
    }
}
