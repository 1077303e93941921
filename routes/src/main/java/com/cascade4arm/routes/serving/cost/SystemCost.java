package com.cascade4arm.routes.serving.cost;

import com.cascade4arm.bench.cost.CostModel;

import java.util.function.LongSupplier;

/** One paid system (the cascade's instance, the baseline's): its hourly price and the meter of its requests' shares. */
public final class SystemCost {
    private final double usdPerHour;
    private final InstanceShare share;

    public SystemCost(double usdPerHour, LongSupplier nanoTime) {
        this.usdPerHour = usdPerHour;
        this.share = new InstanceShare(nanoTime);
    }

    public double usdPerHour() {
        return usdPerHour;
    }

    /** A request starts on this system; close the ticket when it ends. */
    public InstanceShare.Ticket open() {
        return share.open();
    }

    /** The request's cost so far: the price of its measured share of the instance. */
    public double usd(InstanceShare.Ticket ticket) {
        return CostModel.requestUsd(usdPerHour, ticket.shareMs());
    }
}
