package com.cascade4arm.bench.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.cascade4arm.host.HostConfig;
import org.junit.jupiter.api.Test;

class DraftTuningSettingTest {

    @Test
    void twoPartsTakeTheHostsDraftMin() {
        assertEquals(new DraftTuningBench.Setting(8, 0.5f, HostConfig.DEFAULT_DRAFT_MIN_TOKENS),
                DraftTuningBench.Setting.parse("8:0.5"));
    }

    @Test
    void aThirdPartIsTheDraftMin() {
        assertEquals(new DraftTuningBench.Setting(4, 0.75f, 2), DraftTuningBench.Setting.parse(" 4:0.75:2 "));
    }

    @Test
    void otherShapesAreRefusedWithTheExpectedForm() {
        String tooFew = assertThrows(IllegalArgumentException.class,
                () -> DraftTuningBench.Setting.parse("8")).getMessage();
        assertTrue(tooFew.contains("draft-max:p-min[:draft-min]"), tooFew);
        String tooMany = assertThrows(IllegalArgumentException.class,
                () -> DraftTuningBench.Setting.parse("8:0.5:2:1")).getMessage();
        assertTrue(tooMany.contains("'8:0.5:2:1'"), tooMany);
    }
}
