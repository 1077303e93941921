package com.cascade4arm.routes.serving.keys;

import java.time.LocalDate;

/** One answer charged to a key: its UTC day, the tier that served it, its tokens and the cost model's figure. */
public record KeyCharge(String keyId, LocalDate day, String tier, long promptTokens, long completionTokens,
                        double costUsd) {
}
