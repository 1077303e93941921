package com.cascade4arm.routes.operator.compare;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class SystemCpusTest {
    @ParameterizedTest(name = "cascade {0}, baseline {1} -> shared {2}")
    @CsvSource(nullValues = "any", value = {
            "0, 1, false",
            "0-3, 4-7, false",
            "0-3, 3-7, true",
            "'0,2', '1,3', false",
            "'0,2', '2-3', true",
            "any, 1, true",
            "0, any, true"})
    void sharesCpusWhenTheListsOverlapOrEitherIsUnpinned(String cascade, String baseline, boolean shared) {
        SystemCpus cpus = new SystemCpus(true, cascade, baseline);

        assertThat(cpus.shared()).isEqualTo(shared);
        assertThat(cpus.toJson().path("shared").asBoolean()).isEqualTo(shared);
        assertThat(cpus.note()).as("the console's sentence").contains(shared ? "share CPUs" : "CPUs of their own");
    }

    @org.junit.jupiter.api.Test
    void endpointsGivenByUrlAreNotKnown() {
        assertThat(SystemCpus.UNKNOWN.toJson().toString())
                .contains("\"known\":false", "\"shared\":null", "not known");
    }
}
