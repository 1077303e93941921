package com.cascade4arm.app;

import com.cascade4arm.host.cpu.CpuSet;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The embedded cascade and baseline get their own CPUs by default, so a race does not let one starve the other. */
class EmbeddedCpusTest {

    @Test
    void autoGivesTheCascadeTheLowerHalfAndTheBaselineTheUpperHalf() {
        EmbeddedCpus twoCores = EmbeddedCpus.resolve("auto", "auto", CpuSet.range(0, 1));
        EmbeddedCpus eightCores = EmbeddedCpus.resolve("", null, CpuSet.range(0, 7));

        assertThat(twoCores.cascade()).isEqualTo(CpuSet.of(0));
        assertThat(twoCores.baseline()).isEqualTo(CpuSet.of(1));
        assertThat(eightCores.cascade().toString()).isEqualTo("0-3");
        assertThat(eightCores.baseline().toString()).isEqualTo("4-7");
        assertThat(EmbeddedCpus.threads(null, eightCores.baseline(), 1)).as("one thread per CPU").isEqualTo(4);
        assertThat(EmbeddedCpus.threads(null, eightCores.cascade(), 2)).as("CPUs shared by small and large")
                .isEqualTo(2);
        assertThat(EmbeddedCpus.threads(null, twoCores.cascade(), 2)).as("at least one").isEqualTo(1);
        assertThat(EmbeddedCpus.threads(3, eightCores.cascade(), 2)).as("as configured").isEqualTo(3);
    }

    @Test
    void oneCpuIsNotSplitAndAllSharesEveryCpu() {
        EmbeddedCpus single = EmbeddedCpus.resolve("auto", "auto", CpuSet.of(0));
        EmbeddedCpus shared = EmbeddedCpus.resolve("all", "ALL", CpuSet.range(0, 3));

        assertThat(single.cascade()).isNull();
        assertThat(single.baseline()).isNull();
        assertThat(shared.cascade()).isNull();
        assertThat(shared.baseline()).isNull();
    }

    @Test
    void explicitListsAreTakenAsGivenAndBadOnesNamed() {
        EmbeddedCpus explicit = EmbeddedCpus.resolve("0-5", "6,7", CpuSet.range(0, 7));

        assertThat(explicit.cascade().toString()).isEqualTo("0-5");
        assertThat(explicit.baseline().toString()).isEqualTo("6-7");
        assertThatThrownBy(() -> EmbeddedCpus.resolve("half", "auto", CpuSet.range(0, 1)))
                .hasMessage("cascade.embedded.cascade-cpus must be auto, all or a list like 0-3,6, but was 'half'");
    }
}
