package com.cascade4arm.testing.skips;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/** A skip in {@code @BeforeAll} must reach the reports as one skipped test per test, with the skip's message. */
class ClassSkipsPerTestTest {

    @Test
    void reportsEachTestOfAClassSkippedInBeforeAllAsSkippedWithItsMessage() {
        List<String> skipped = run(WithoutTheTool.class);

        assertThat(skipped).as("each test reported skipped, with the tool's message").containsExactlyInAnyOrder(
                "first: Assumption failed: missing tool demo-tool: not on this machine",
                "second: Assumption failed: missing tool demo-tool: not on this machine");
    }

    @Test
    void withoutTheExtensionTheClassVanishesFromTheCounts() {
        assertThat(run(WithoutTheToolUnhandled.class)).as("no test reported at all (what Maven counted as zero tests)")
                .isEmpty();
    }

    @Test
    void leavesOtherFailuresInBeforeAllAsFailures() {
        assertThat(run(BrokenSetUp.class)).as("a failure is no skip").isEmpty();
    }

    /** Runs one class on the JUnit Platform; "test: message" for each test reported skipped (aborted). */
    private static List<String> run(Class<?> testClass) {
        List<String> skipped = new ArrayList<>();
        Launcher launcher = LauncherFactory.create();
        launcher.execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(testClass)).build(),
                new TestExecutionListener() {
                    @Override
                    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
                        if (test.isTest() && result.getStatus() == TestExecutionResult.Status.ABORTED) {
                            skipped.add(test.getDisplayName().replace("()", "") + ": "
                                    + result.getThrowable().map(Throwable::getMessage).orElse(""));
                        }
                    }
                });
        return skipped;
    }

    @ExtendWith(ClassSkipsPerTest.class)
    static class WithoutTheTool {
        @BeforeAll
        static void needTheTool() {
            MissingTool.assumePresent(false, "demo-tool", "not on this machine");
        }

        @Test
        void first() {
        }

        @Test
        void second() {
        }
    }

    static class WithoutTheToolUnhandled {
        @BeforeAll
        static void needTheTool() {
            MissingTool.assumePresent(false, "demo-tool", "not on this machine");
        }

        @Test
        void first() {
        }
    }

    @ExtendWith(ClassSkipsPerTest.class)
    static class BrokenSetUp {
        @BeforeAll
        static void breaks() {
            throw new IllegalStateException("broken set-up");
        }

        @Test
        void first() {
        }
    }
}
