package com.cascade4arm.openai;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LogTextTest {

    @Test
    void escapesLineBreaksAndControlCharactersSoNoLineCanBeForged() {
        String forged = "x\r\n2026-01-01 ERROR forged line\u001b[31m\u2028";

        assertThat(LogText.safe(forged)).isEqualTo("x\\r\\n2026-01-01 ERROR forged line\\u001b[31m\\u2028")
                .doesNotContain("\n", "\r", "\u001b");
    }

    @Test
    void leavesOrdinaryTextAloneAndCutsLongText() {
        assertThat(LogText.safe("café → 小")).isEqualTo("café → 小");
        assertThat(LogText.safe(null)).isEqualTo("null");
        assertThat(LogText.safe("a".repeat(LogText.MAX_CHARS + 10))).hasSize(LogText.MAX_CHARS + 3).endsWith("...");
    }
}
