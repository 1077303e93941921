package com.cascade4arm.demomodels.internal.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class KHotCodesTest {
    @Test
    void codesShareAtMostTheAllowedNumberOfDimensions() {
        KHotCodes codes = new KHotCodes(64, 4, 2, 7);
        List<int[]> drawn = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            drawn.add(codes.next());
        }

        int worst = 0;
        for (int a = 0; a < drawn.size(); a++) {
            assertThat(drawn.get(a)).hasSize(4).doesNotHaveDuplicates();
            for (int b = a + 1; b < drawn.size(); b++) {
                worst = Math.max(worst, shared(drawn.get(a), drawn.get(b)));
            }
        }
        assertThat(worst).as("largest overlap of two codes").isEqualTo(2);
    }

    private static int shared(int[] a, int[] b) {
        int count = 0;
        for (int x : a) {
            for (int y : b) {
                count += x == y ? 1 : 0;
            }
        }
        return count;
    }

    @Test
    void saysWhenTheSpaceIsUsedUp() {
        KHotCodes codes = new KHotCodes(8, 4, 1, 1);

        assertThatThrownBy(() -> {
            for (int i = 0; i < 100; i++) {
                codes.next();
            }
        }).hasMessageContaining("no more 4-hot codes over 8 dimensions");
    }
}
