package com.cascade4arm.routes.serving.keys;

import com.cascade4arm.routes.config.StrictBoolean;
import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;
import org.hibernate.validator.constraints.Range;

/** Keys {@code cascade.auth.*}: who may use the chat path (part of the cascade configuration). */
public interface AuthConfig {
    /** open (no key: the loopback default) or keys (every chat, Compare and route explain needs a virtual key). */
    @WithDefault("open") String mode();

    /** Serving beyond loopback without keys is refused at start unless this says it is meant. */
    @WithDefault("false") @WithConverter(StrictBoolean.class) boolean allowOpenBeyondLoopback();

    /** Key aliases with a metrics series of their own; the rest are counted as "other". */
    @WithDefault("20") @Range(min = 1, max = 1_000) int metricsAliases();
}
