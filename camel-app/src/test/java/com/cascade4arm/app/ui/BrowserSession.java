package com.cascade4arm.app.ui;

import com.cascade4arm.testing.skips.MissingTool;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One real headless Chromium driven by the system chromedriver (Debian's packages, same version): starts it with a
 * throw-away profile, finds elements by data-testid, runs in-page scripts and saves screenshots. Reused by every
 * console test (shell, Compare, Benchmark, Rules).
 */
public final class BrowserSession implements AutoCloseable {
    /** Debian's paths; override with -Dcascade.it.chromium / -Dcascade.it.chromedriver. */
    public static final String DEFAULT_CHROMIUM = "/usr/bin/chromium";
    /** Reads of an element that polling re-renders, before a stale element counts as an error. */
    private static final int STALE_READ_ATTEMPTS = 3;
    public static final String DEFAULT_CHROMEDRIVER = "/usr/bin/chromedriver";
    /** Desktop viewport the screenshots are taken at. */
    public static final int WINDOW_WIDTH_PX = 1440;
    public static final int WINDOW_HEIGHT_PX = 900;
    private static final Duration SCRIPT_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration PAGE_LOAD_TIMEOUT = Duration.ofSeconds(30);
    private static final List<String> HEADLESS_FLAGS = List.of("--headless=new", "--no-sandbox", "--disable-gpu",
            "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--disable-dev-shm-usage", "--hide-scrollbars", "--force-device-scale-factor=1");

    private final ChromeDriver driver;
    private final Path profileDir;

    private BrowserSession(ChromeDriver driver, Path profileDir) {
        this.driver = driver;
        this.profileDir = profileDir;
    }

    static Path chromium() {
        return Path.of(System.getProperty("cascade.it.chromium", DEFAULT_CHROMIUM));
    }

    static Path chromedriver() {
        return Path.of(System.getProperty("cascade.it.chromedriver", DEFAULT_CHROMEDRIVER));
    }

    /**
     * Why no browser can be started here, worded as {@link MissingTool} ({@code missing tool chromium: …}), or empty
     * when Chromium and chromedriver are both installed.
     */
    public static Optional<String> missingBrowser() {
        for (Map.Entry<String, Path> tool : List.of(Map.entry("chromium", chromium()),
                Map.entry("chromedriver", chromedriver()))) {
            if (!Files.isExecutable(tool.getValue())) {
                return Optional.of(MissingTool.message(tool.getKey(),
                        tool.getValue() + " is not installed (run .ci/install-browser.sh)"));
            }
        }
        return Optional.empty();
    }

    public static BrowserSession start() {
        Path profile;
        try {
            profile = Files.createTempDirectory("cascade-chromium-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium().toFile());
        options.addArguments(HEADLESS_FLAGS);
        options.addArguments("--user-data-dir=" + profile, "--window-size=" + WINDOW_WIDTH_PX + "," + WINDOW_HEIGHT_PX);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(chromedriver().toFile())
                .usingAnyFreePort()
                .withSilent(true)
                .build();
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().timeouts().scriptTimeout(SCRIPT_TIMEOUT).pageLoadTimeout(PAGE_LOAD_TIMEOUT);
        // Before any page script runs, on every page: collect Content-Security-Policy violations for cspViolations().
        driver.executeCdpCommand("Page.addScriptToEvaluateOnNewDocument", java.util.Map.of("source", """
                window.__cspViolations = [];
                document.addEventListener('securitypolicyviolation',
                  (e) => window.__cspViolations.push(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline')
                    + ' at ' + (e.sourceFile || '') + ':' + e.lineNumber));
                """));
        return new BrowserSession(driver, profile);
    }

    /** What the gateway's Content-Security-Policy blocked on the current page, as "directive blocked what at where". */
    @SuppressWarnings("unchecked")
    public List<String> cspViolations() {
        Object violations = script("return window.__cspViolations || []");
        return (List<String>) violations;
    }

    public ChromeDriver driver() {
        return driver;
    }

    public void open(URI url) {
        driver.get(url.toString());
    }

    public WebElement byTestId(String testId) {
        return driver.findElement(By.cssSelector("[data-testid=\"" + testId + "\"]"));
    }

    public List<WebElement> allByTestId(String testId) {
        return driver.findElements(By.cssSelector("[data-testid=\"" + testId + "\"]"));
    }

    /**
     * textContent (not the rendered text), so values of hidden elements can be read too. Panels that poll re-render
     * between finding an element and reading it: a stale element is found again (a few times), not an error.
     */
    public String text(String testId) {
        for (int attempt = 1; ; attempt++) {
            try {
                return byTestId(testId).getDomProperty("textContent");
            } catch (StaleElementReferenceException e) {
                if (attempt == STALE_READ_ATTEMPTS) {
                    throw e;
                }
            }
        }
    }

    public Object script(String js, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(js, args);
    }

    /** Runs an async script: the last argument passed to it is the callback that ends it. */
    public Object asyncScript(String js, Object... args) {
        return ((JavascriptExecutor) driver).executeAsyncScript(js, args);
    }

    /** Saves a PNG of the viewport to dir/name.png and returns its path. */
    public Path screenshot(Path dir, String name) {
        return write(dir, name, ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
    }

    /** Saves a PNG of the whole page, below the fold included (Chrome DevTools capture), to dir/name.png. */
    @SuppressWarnings("unchecked")
    public Path fullPageScreenshot(Path dir, String name) {
        script("window.scrollTo(0, 0)"); // a sticky header would otherwise be drawn where the page was scrolled to
        Map<String, Object> metrics = driver.executeCdpCommand("Page.getLayoutMetrics", Map.of());
        Map<String, Object> content = (Map<String, Object>) metrics.get("cssContentSize");
        Map<String, Object> clip = Map.of("x", 0, "y", 0, "scale", 1,
                "width", ((Number) content.get("width")).doubleValue(),
                "height", ((Number) content.get("height")).doubleValue());
        Map<String, Object> shot = driver.executeCdpCommand("Page.captureScreenshot",
                Map.of("format", "png", "captureBeyondViewport", true, "clip", clip));
        return write(dir, name, Base64.getDecoder().decode((String) shot.get("data")));
    }

    private static Path write(Path dir, String name, byte[] png) {
        try {
            Files.createDirectories(dir);
            return Files.write(dir.resolve(name + ".png"), png);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            deleteQuietly(profileDir);
        }
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a leftover temp profile is harmless
        }
    }
}
