package com.cascade4arm.testing.skips;

import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.LifecycleMethodExecutionExceptionHandler;
import org.opentest4j.TestAbortedException;

/**
 * Makes a skip in {@code @BeforeAll} visible: Maven reports a class whose {@code @BeforeAll} aborted on an assumption
 * as zero tests, zero skipped — a whole class of llama-server tests vanished from CI's counts that way. This extension
 * keeps the abort's message and skips each test of the class with it instead, so every test is reported skipped, with
 * its reason. The class's other lifecycle methods still run ({@code @AfterAll} must cope with what was not started).
 * Registered for every test by JUnit's extension autodetection (the root pom turns it on).
 */
public final class ClassSkipsPerTest implements LifecycleMethodExecutionExceptionHandler, BeforeEachCallback {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(ClassSkipsPerTest.class);
    private static final String REASON = "class skipped";

    @Override
    public void handleBeforeAllMethodExecutionException(ExtensionContext context, Throwable failure) throws Throwable {
        if (!(failure instanceof TestAbortedException)) {
            throw failure;
        }
        if (context.getStore(NAMESPACE).get(REASON) == null) {
            context.getStore(NAMESPACE).put(REASON, failure);
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        Throwable reason = context.getStore(NAMESPACE).get(REASON, Throwable.class);
        if (reason != null) {
            throw new TestAbortedException(reason.getMessage(), reason);
        }
    }
}
