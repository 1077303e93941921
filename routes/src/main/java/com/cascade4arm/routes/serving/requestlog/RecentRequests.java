package com.cascade4arm.routes.serving.requestlog;

import java.util.List;

/**
 * An answer of the log: the rows, whether they are every replica's ({@code cluster}) or this gateway's own, and why
 * only its own when the shared log could not be read ({@code note}, else null).
 */
public record RecentRequests(List<RequestRecord> records, boolean cluster, String note) {
}
