package com.cascade4arm.testing.logs;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.FileAppender;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Keeps CI output short and a failure easy to read: each test class logs (INFO, llama.cpp's native output at DEBUG)
 * into {@code target/test-logs/<class>.log} through the {@value #APPENDER} appender of the module's logback-test.xml,
 * and only when a test of the class fails is the end of that file printed. Registered for every test by JUnit's
 * extension autodetection (the root pom turns it on); a module whose logback-test.xml has no such appender is left alone.
 */
public final class TestClassLogs implements BeforeAllCallback, AfterAllCallback, TestWatcher {
    /** The appender's name in logback-test.xml. */
    public static final String APPENDER = "TEST_CLASS_FILE";
    /** Lines of the log printed after a failure (the whole file stays on disk). */
    static final int PRINTED_LINES = 400;
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(TestClassLogs.class);
    private static final String FAILED = "failed";
    private static final String FILE = "file";

    @Override
    public void beforeAll(ExtensionContext context) {
        FileAppender<?> appender = appender();
        if (appender == null) {
            return;
        }
        Path file = Path.of("target", "test-logs", context.getRequiredTestClass().getName() + ".log").toAbsolutePath();
        try {
            Files.createDirectories(file.getParent());
            Files.deleteIfExists(file);
        } catch (IOException e) {
            return; // keep logging where it did
        }
        appender.stop();
        appender.setFile(file.toString());
        appender.start();
        context.getStore(NAMESPACE).put(FILE, file);
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        context.getParent().ifPresent(parent -> root(parent).getStore(NAMESPACE).put(FAILED, true));
    }

    @Override
    public void afterAll(ExtensionContext context) {
        Path file = context.getStore(NAMESPACE).get(FILE, Path.class);
        boolean failed = Boolean.TRUE.equals(context.getStore(NAMESPACE).get(FAILED, Boolean.class))
                || context.getExecutionException().isPresent();
        if (file == null || !failed || !Files.isRegularFile(file)) {
            return;
        }
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            List<String> tail = lines.subList(Math.max(0, lines.size() - PRINTED_LINES), lines.size());
            System.out.println("---- log of " + context.getRequiredTestClass().getName() + " (last " + tail.size() + " of "
                    + lines.size() + " lines; whole file: " + file + ") ----");
            tail.forEach(System.out::println);
            System.out.println("---- end of log ----");
        } catch (IOException | RuntimeException e) {
            System.out.println("---- the log of the failed class is in " + file + " ----");
        }
    }

    /** The class-level context of a test (nested classes report to their outermost class). */
    private static ExtensionContext root(ExtensionContext context) {
        ExtensionContext current = context;
        while (current.getParent().isPresent() && current.getParent().get().getTestClass().isPresent()) {
            current = current.getParent().get();
        }
        return current;
    }

    private static FileAppender<?> appender() {
        if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext logback)) {
            return null;
        }
        Appender<?> appender = logback.getLogger(Logger.ROOT_LOGGER_NAME).getAppender(APPENDER);
        return appender instanceof FileAppender<?> file ? file : null;
    }
}
