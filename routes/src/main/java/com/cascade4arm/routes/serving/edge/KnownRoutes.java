package com.cascade4arm.routes.serving.edge;

import io.vertx.core.http.HttpMethod;

import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The API's method + path table (templates with {@code :param} segments), so a known path asked with another
 * method answers 405 with an {@code Allow} header instead of the catch-all's 404.
 */
public final class KnownRoutes {
    /** Methods the gateway answers at all; any other (CONNECT, TRACE, PATCH, …) is refused before routing. */
    public static final java.util.List<String> SERVED_METHODS = java.util.List.of("GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS");
    private final List<Entry> entries = new CopyOnWriteArrayList<>();

    public void register(HttpMethod method, String template) {
        entries.add(new Entry(method.name(), segments(template)));
    }

    /** Methods registered for {@code path}; empty when the path is unknown. */
    public SortedSet<String> allowedMethods(String path) {
        String[] actual = segments(path == null ? "/" : path);
        SortedSet<String> methods = new TreeSet<>();
        for (Entry entry : entries) {
            if (matches(entry.segments(), actual)) {
                methods.add(entry.method());
            }
        }
        return methods;
    }

    private static boolean matches(String[] template, String[] actual) {
        if (template.length != actual.length) {
            return false;
        }
        for (int i = 0; i < template.length; i++) {
            boolean param = template[i].startsWith(":") && !actual[i].isEmpty();
            if (!param && !template[i].equals(actual[i])) {
                return false;
            }
        }
        return true;
    }

    private static String[] segments(String path) {
        String trimmed = path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        return trimmed.split("/", -1);
    }

    private record Entry(String method, String[] segments) {
    }
}
