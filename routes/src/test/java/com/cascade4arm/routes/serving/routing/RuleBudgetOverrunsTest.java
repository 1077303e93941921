package com.cascade4arm.routes.serving.routing;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.cascade4arm.rules.decision.BudgetOverrun;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** Every overrun is counted per rule; the warning comes once per rule per minute, however often a prompt is resent. */
class RuleBudgetOverrunsTest {
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final AtomicLong clockMs = new AtomicLong(1_000_000);
    private final RuleBudgetOverruns overruns = new RuleBudgetOverruns(registry, clockMs::get);
    private final ListAppender<ILoggingEvent> log = new ListAppender<>();
    private final Logger logger = (Logger) LoggerFactory.getLogger(RuleBudgetOverruns.class);

    @BeforeEach
    void listen() {
        log.start();
        logger.addAppender(log);
    }

    @AfterEach
    void stopListening() {
        logger.detachAppender(log);
    }

    @Test
    void countsEveryOverrunPerRuleAndWarnsOncePerRulePerMinute() {
        BudgetOverrun slow = new BudgetOverrun("Ж[^a]{1000}x", List.of("evasive 1"), 10_000);
        BudgetOverrun other = new BudgetOverrun("ж ж я", List.of(), 10_000);
        for (int i = 0; i < 5; i++) {
            overruns.record(slow);
        }
        overruns.record(other);
        clockMs.addAndGet(RuleBudgetOverruns.LOG_INTERVAL_MS - 1);
        overruns.record(slow);

        assertThat(registry.get("cascade.rule.budget.exceeded").tag("rule", "evasive 1").counter().count()).isEqualTo(6);
        assertThat(registry.get("cascade.rule.budget.exceeded").tag("rule", "unknown").counter().count()).isEqualTo(1);
        assertThat(log.list).extracting(ILoggingEvent::getFormattedMessage).hasSize(2)
                .anySatisfy(line -> assertThat(line).startsWith("rule \"evasive 1\" ran past the rule evaluation budget "
                        + "of 10.0 ms on this prompt (searching \"Ж[^a]{1000}x\")"));

        clockMs.addAndGet(1);
        overruns.record(slow);
        assertThat(log.list).as("a minute after the first warning").hasSize(3);
    }
}
