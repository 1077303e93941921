package com.cascade4arm.testing.skips;

import org.junit.jupiter.api.Assumptions;

/**
 * One wording for "skipped: a tool this test needs is not on this machine", so CI can count such skips by tool from
 * the test reports ({@code .ci/skipped-by-tool.sh}) and fail when a tool it installed or handed over was the reason.
 */
public final class MissingTool {
    /** Every such skip message starts so, followed by the tool's name, a colon and why. */
    public static final String PREFIX = "missing tool ";

    private MissingTool() {
    }

    /** The skip message: {@code missing tool <tool>: <why>}. */
    public static String message(String tool, String why) {
        return PREFIX + tool + ": " + why;
    }

    /** Skips the calling test (or, from {@code @BeforeAll}, each test of its class) unless {@code present}. */
    public static void assumePresent(boolean present, String tool, String why) {
        Assumptions.assumeTrue(present, () -> message(tool, why));
    }
}
