package com.cascade4arm.routes.operator.compare;

import com.cascade4arm.routes.serving.upstream.UpstreamErrorText;
import org.apache.camel.AggregationStrategy;
import org.apache.camel.Exchange;

import java.util.EnumMap;
import java.util.Map;

/**
 * Gathers the multicast's replies: each leg leaves its {@link SystemResult} in the body; the aggregate body is a map
 * system → result. A leg that failed with an exception (it should not: legs turn failures into results) still
 * gets its column, as an error.
 */
final class CompareAggregation implements AggregationStrategy {
    /** Exchange property each leg route sets to its system, so even a failed leg is attributed. */
    static final String LEG = "cascade.compare.leg";

    @Override
    @SuppressWarnings("unchecked")
    public synchronized Exchange aggregate(Exchange oldExchange, Exchange newExchange) {
        Map<SystemName, SystemResult> results = oldExchange == null
                ? new EnumMap<>(SystemName.class) : oldExchange.getMessage().getBody(Map.class);
        SystemResult result = newExchange.getMessage().getBody(SystemResult.class);
        if (result == null) {
            SystemName system = newExchange.getProperty(LEG, SystemName.class);
            Exception failure = newExchange.getException();
            result = new SystemResult(system, SystemResult.Status.ERROR, null, null, "", false, null,
                    SystemResult.Measures.NONE, null, 0,
                    "failed: " + (failure == null ? "no result" : UpstreamErrorText.scrub(failure.getMessage())), null);
        }
        results.put(result.system(), result);
        Exchange target = oldExchange == null ? newExchange : oldExchange;
        target.setException(null);
        target.getMessage().setBody(results);
        return target;
    }
}
