package com.cascade4arm.routes.serving.requestlog;

import java.util.Locale;

/**
 * What {@code GET /api/requests} asks the log for: rows of a key ({@code key} = alias or prefix), a route, a status
 * ({@code 429}, a class such as {@code 4xx}, or {@code error} = 400 and above), newest first, at most {@code limit}.
 * Null filters match everything. The memory log tests rows with {@link #matches}; the shared log turns the same
 * filters into SQL ({@link #statusRange}).
 */
public record RequestQuery(String key, String route, String status, int limit) {

    public boolean matches(RequestRecord record) {
        if (key != null && !key.equals(record.keyAlias()) && !key.equals(record.keyPrefix())) {
            return false;
        }
        if (route != null && !route.equals(record.route())) {
            return false;
        }
        if (status == null) {
            return true;
        }
        int[] range = statusRange();
        return record.status() >= range[0] && record.status() <= range[1];
    }

    /**
     * The status filter as an inclusive range: "error" = 400..999, "4xx" = 400..499, "429" = 429..429; a filter that
     * names no status matches nothing (an empty range).
     */
    public int[] statusRange() {
        if (status == null) {
            return new int[]{0, Integer.MAX_VALUE};
        }
        String f = status.trim().toLowerCase(Locale.ROOT);
        if (f.equals("error")) {
            return new int[]{400, Integer.MAX_VALUE};
        }
        if (f.length() == 3 && f.endsWith("xx") && Character.isDigit(f.charAt(0))) {
            int first = (f.charAt(0) - '0') * 100;
            return new int[]{first, first + 99};
        }
        if (f.matches("\\d{1,3}")) {
            int exact = Integer.parseInt(f);
            return new int[]{exact, exact};
        }
        return new int[]{1, 0};
    }
}
