package com.cascade4arm.host.gguf;

import java.util.Map;

/**
 * GGUF {@code general.file_type} codes (llama.h {@code enum llama_ftype}) and the names llama.cpp gives them
 * ({@code llama_model_ftype_name}, which llama-server reports as {@code model_ftype}).
 */
final class FileTypes {
    private static final Map<Integer, String> NAMES = Map.ofEntries(
            Map.entry(0, "all F32"), Map.entry(1, "F16"), Map.entry(2, "Q4_0"), Map.entry(3, "Q4_1"),
            Map.entry(7, "Q8_0"), Map.entry(8, "Q5_0"), Map.entry(9, "Q5_1"), Map.entry(10, "Q2_K - Medium"),
            Map.entry(11, "Q3_K - Small"), Map.entry(12, "Q3_K - Medium"), Map.entry(13, "Q3_K - Large"),
            Map.entry(14, "Q4_K - Small"), Map.entry(15, "Q4_K - Medium"), Map.entry(16, "Q5_K - Small"),
            Map.entry(17, "Q5_K - Medium"), Map.entry(18, "Q6_K"), Map.entry(19, "IQ2_XXS - 2.0625 bpw"),
            Map.entry(20, "IQ2_XS - 2.3125 bpw"), Map.entry(21, "Q2_K - Small"), Map.entry(22, "IQ3_XS - 3.3 bpw"),
            Map.entry(23, "IQ3_XXS - 3.0625 bpw"), Map.entry(24, "IQ1_S - 1.5625 bpw"), Map.entry(25, "IQ4_NL - 4.5 bpw"),
            Map.entry(26, "IQ3_S - 3.4375 bpw"), Map.entry(27, "IQ3_S mix - 3.66 bpw"), Map.entry(28, "IQ2_S - 2.5 bpw"),
            Map.entry(29, "IQ2_M - 2.7 bpw"), Map.entry(30, "IQ4_XS - 4.25 bpw"), Map.entry(31, "IQ1_M - 1.75 bpw"),
            Map.entry(32, "BF16"), Map.entry(36, "TQ1_0 - 1.69 bpw ternary"), Map.entry(37, "TQ2_0 - 2.06 bpw ternary"),
            Map.entry(38, "MXFP4 MoE"));

    private FileTypes() {
    }

    /** llama.cpp's name of a file type, or "unknown, may not work" for a code it does not know (as llama.cpp says). */
    static String name(int code) {
        return NAMES.getOrDefault(code, "unknown, may not work");
    }
}
