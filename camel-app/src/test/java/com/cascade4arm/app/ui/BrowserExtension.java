package com.cascade4arm.app.ui;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;

import java.net.URI;
import java.nio.file.Path;

/**
 * JUnit 5 lifecycle for console tests: reports every test skipped (never passed) when Chromium or chromedriver is
 * missing, otherwise boots the gateway and one browser per class, screenshots the page when a test fails, and quits
 * the browser afterwards. (The skip is per test: Maven reports a class skipped in @BeforeAll as zero tests.)
 * Register with {@code @RegisterExtension static final BrowserExtension browser = new BrowserExtension();}.
 */
public final class BrowserExtension implements BeforeAllCallback, BeforeEachCallback, AfterAllCallback,
        TestExecutionExceptionHandler {
    /** Screenshots land here (module-relative, i.e. camel-app/target/screenshots). */
    public static final Path SCREENSHOTS = Path.of(System.getProperty("cascade.it.screenshots", "target/screenshots"));

    private BrowserSession session;
    private URI baseUrl;

    @Override
    public void beforeAll(ExtensionContext context) {
        if (BrowserSession.missingBrowser().isEmpty()) {
            baseUrl = ConsoleGateway.baseUrl();
            session = BrowserSession.start();
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        Assumptions.assumeTrue(session != null,
                () -> BrowserSession.missingBrowser().orElse("no browser session"));
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (session != null) {
            session.close();
            session = null;
        }
    }

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable failure) throws Throwable {
        if (session != null) {
            try {
                Path shot = session.fullPageScreenshot(SCREENSHOTS.resolve("failures"),
                        context.getRequiredTestClass().getSimpleName() + "-" + context.getRequiredTestMethod().getName());
                failure.addSuppressed(new AssertionError("screenshot of the page at failure: " + shot.toAbsolutePath()));
            } catch (RuntimeException screenshotFailed) {
                failure.addSuppressed(screenshotFailed);
            }
        }
        throw failure;
    }

    public BrowserSession session() {
        return session;
    }

    /** The console's URL with a path and/or hash, e.g. {@code url("#rules")}. */
    public URI url(String relative) {
        return baseUrl.resolve(relative);
    }
}
