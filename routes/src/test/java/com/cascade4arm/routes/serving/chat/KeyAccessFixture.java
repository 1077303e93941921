package com.cascade4arm.routes.serving.chat;

import com.cascade4arm.routes.config.TestConfig;
import com.cascade4arm.routes.serving.edge.Exposure;
import com.cascade4arm.routes.serving.http.AdminAuth;
import com.cascade4arm.routes.serving.keys.KeyAccess;
import com.cascade4arm.routes.serving.keys.KeyGuard;
import com.cascade4arm.routes.serving.keys.KeysSettings;
import com.cascade4arm.routes.serving.keys.MemoryKeyStore;
import com.cascade4arm.routes.serving.requestlog.RequestLog;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

import java.time.Clock;
import java.util.Map;

/** Key access as the shipped defaults have it (mode open, loopback): route tests pass through it unchanged. */
final class KeyAccessFixture {
    private KeyAccessFixture() {
    }

    static KeyAccess open() {
        KeysSettings settings = KeysSettings.from(TestConfig.bind(Map.of()).cascade(), Exposure.of("127.0.0.1"));
        return new KeyAccess(new KeyGuard(settings, new MemoryKeyStore(), "Bearer internal", new AdminAuth(null),
                new SimpleMeterRegistry(),
                Clock.systemUTC()), new RequestLog(0, false, Clock.systemUTC()));
    }
}
