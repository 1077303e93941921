package com.cascade4arm.standins.hosted;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FaultTest {

    @Test
    void parsesEveryFaultOfAScriptInOrder() {
        List<Fault> faults = Fault.parseScript("429:1, 429x2:0, 503, 500, error-in-200, sse-error:2, slow:300, drop:3, ok");

        assertThat(faults).containsExactly(Fault.rateLimited("1"), Fault.rateLimited("0"), Fault.rateLimited("0"),
                Fault.unavailable(null), Fault.serverError(), Fault.errorIn200(), Fault.sseError(2),
                Fault.slowFirstByte(300), Fault.dropMidStream(3), Fault.OK);
    }

    @Test
    void readsAnHttpDateRetryAfterRelativeToTheMomentOfAnswering() {
        assertThat(Fault.parseScript("429:date+2")).containsExactly(Fault.rateLimited("date+2"));
        assertThat(Fault.retryAfterHeader("date+2", java.time.Instant.parse("2015-10-21T07:28:00Z")))
                .isEqualTo("Wed, 21 Oct 2015 07:28:02 GMT");
        assertThat(Fault.retryAfterHeader("1", java.time.Instant.EPOCH)).isEqualTo("1");
    }

    @Test
    void rejectsUnknownFaultsNamingThem() {
        assertThatThrownBy(() -> Fault.parseScript("ok,teapot")).hasMessageContaining("unknown fault 'teapot'");
        assertThatThrownBy(() -> Fault.parseScript("slow:soon")).hasMessageContaining("'soon'");
    }
}
