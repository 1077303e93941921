package com.cascade4arm.routes.serving.keys;

import java.time.LocalDate;

/** A key's usage on one UTC day on one tier. */
public record UsageRow(LocalDate day, String tier, long requests, long promptTokens, long completionTokens,
                       double costUsd) {

    public UsageRow plus(KeyCharge charge) {
        return new UsageRow(day, tier, requests + 1, promptTokens + charge.promptTokens(),
                completionTokens + charge.completionTokens(), costUsd + charge.costUsd());
    }
}
