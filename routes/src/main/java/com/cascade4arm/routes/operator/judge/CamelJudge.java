package com.cascade4arm.routes.operator.judge;

import com.cascade4arm.bench.judge.AnswerJudge;
import com.cascade4arm.bench.judge.JudgePrompt;
import com.cascade4arm.bench.judge.JudgeUnavailableException;
import com.cascade4arm.routes.operator.compare.RetryHint;
import com.cascade4arm.routes.operator.compare.RetryWaits;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;

import static com.cascade4arm.routes.RouteIds.JUDGE_CALL;
import static com.cascade4arm.routes.RouteIds.direct;

/**
 * The benchmark's judge behind the gateway: each comparison goes through the {@code judge-call} route, retried by
 * Resilience4j {@code Retry} on 429/5xx/unreachable with Compare's waits ({@link RetryWaits}: Retry-After honoured, a
 * server asking for longer than the cap fails fast). Runs on the benchmark's judging threads, after the measured
 * requests, so its waits block nothing that is measured.
 */
public final class CamelJudge implements AnswerJudge {
    private final JudgeConfig settings;
    /** One for all comparisons: each execution keeps its own attempt count. */
    private final Retry retry;
    private volatile ProducerTemplate template;

    public CamelJudge(JudgeConfig settings, RetryWaits waits) {
        this.settings = settings;
        this.retry = Retry.of("judge", RetryConfig.<JudgeCall.Reply>custom()
                .maxAttempts(settings.maxAttempts())
                .retryOnResult(reply -> reply.retryable() && !waits.next(1, reply.hint()).overCap())
                .retryOnException(e -> false)
                .intervalBiFunction((attempt, outcome) -> waits.next(attempt,
                        outcome.isRight() ? outcome.get().hint() : RetryHint.NONE).millis())
                .failAfterMaxAttempts(false)
                .build());
    }

    /** Called when the route is built (the template needs the started context). */
    void bind(ProducerTemplate producer) {
        this.template = producer;
    }

    @Override
    public String model() {
        return settings.model();
    }

    @Override
    public int concurrency() {
        return settings.concurrency();
    }

    @Override
    public String ask(JudgePrompt question) throws JudgeUnavailableException {
        ProducerTemplate producer = template;
        if (producer == null) {
            throw new JudgeUnavailableException("the judge route is not started");
        }
        byte[] body = JudgeCall.requestBody(settings.model(), settings.maxTokens(), question.system(), question.user());
        JudgeCall.Reply reply = retry.executeSupplier(() -> once(producer, body));
        if (reply.text() == null) {
            throw new JudgeUnavailableException(reply.problem());
        }
        return reply.text();
    }

    private static JudgeCall.Reply once(ProducerTemplate producer, byte[] body) {
        JudgeCall call = new JudgeCall(body);
        Exchange exchange = producer.send(direct(JUDGE_CALL), e -> e.setProperty(JudgeCall.PROPERTY, call));
        if (call.reply() != null) {
            return call.reply();
        }
        Exception failure = exchange.getException();
        return JudgeCall.Reply.failed(0, "judge call failed: " + (failure == null ? "no reply" : failure.getMessage()),
                RetryHint.NONE);
    }
}
