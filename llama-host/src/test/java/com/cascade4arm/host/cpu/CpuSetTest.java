package com.cascade4arm.host.cpu;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** CPU lists read and written like taskset -c, split in halves for the cascade and the baseline. */
class CpuSetTest {

    @Test
    void parsesAndPrintsTasksetLists() {
        CpuSet set = CpuSet.parse(" 0-2, 6 ,4-4");

        assertThat(set.toString()).isEqualTo("0-2,4,6");
        assertThat(set.size()).isEqualTo(5);
        assertThat(set.toArray()).containsExactly(0, 1, 2, 4, 6);
        assertThat(set.mask()[0]).isEqualTo(0b1010111L);
        assertThat(CpuSet.fromMask(set.mask())).isEqualTo(set);
    }

    @Test
    void splitsIntoLowerAndUpperHalves() {
        assertThat(CpuSet.range(0, 1).lowerHalf()).isEqualTo(CpuSet.of(0));
        assertThat(CpuSet.range(0, 1).upperHalf()).isEqualTo(CpuSet.of(1));
        assertThat(CpuSet.range(0, 2).lowerHalf().toString()).isEqualTo("0-1");
        assertThat(CpuSet.parse("1,3,5,7").upperHalf().toString()).isEqualTo("5,7");
        assertThat(CpuSet.of(0).lowerHalf().size()).isZero();
    }

    @Test
    void rejectsBadListsNamingThem() {
        assertThatThrownBy(() -> CpuSet.parse("a-b")).hasMessage("cpu list must look like 0-3,6, but was 'a-b'");
        assertThatThrownBy(() -> CpuSet.parse("2048"))
                .hasMessage("cpu numbers must be between 0 and 1023, but was 2048 in '2048'");
    }

    @Test
    void pinnedThreadsRunOnlyOnTheirCpusAndTheCallerIsRestored() {
        CpuSet before = ThreadAffinity.current();
        CpuSet first = CpuSet.of(before.toArray()[0]);

        CpuSet inside = ThreadAffinity.runPinned(first, ThreadAffinity::current);

        if (ThreadAffinity.supported()) {
            assertThat(inside).isEqualTo(first);
        }
        assertThat(ThreadAffinity.current()).isEqualTo(before);
    }
}
