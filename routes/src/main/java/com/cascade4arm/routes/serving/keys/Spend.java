package com.cascade4arm.routes.serving.keys;

/** What a key has spent in USD today and this month (UTC). */
public record Spend(double todayUsd, double monthUsd) {
    public static final Spend NONE = new Spend(0, 0);
}
