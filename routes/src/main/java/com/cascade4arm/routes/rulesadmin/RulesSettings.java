package com.cascade4arm.routes.rulesadmin;

import com.cascade4arm.routes.config.GatewaySettings;
import org.apache.camel.spi.PropertiesComponent;

import java.nio.file.Path;
import java.util.function.Function;

/**
 * Where rule versions live: {@code cascade.rules.dir}, by default {@code <cascade.data-dir>/rules}. Read both by the
 * gateway's settings and by the startup code that loads the active version before the gateway exists.
 */
public record RulesSettings(Path dir) {
    /** Rule versions live in this sub-directory of cascade.data-dir unless cascade.rules.dir says otherwise. */
    public static final String DEFAULT_SUBDIR = "rules";
    public static final String DIR_KEY = "cascade.rules.dir";
    public static final String DATA_DIR_KEY = "cascade.data-dir";

    /** Reads cascade.rules.dir through {@code property} (null or blank = unset). */
    public static RulesSettings read(Function<String, String> property, Path dataDir) {
        String dir = property.apply(DIR_KEY);
        return new RulesSettings(dir == null || dir.isBlank() ? dataDir.resolve(DEFAULT_SUBDIR) : Path.of(dir.trim()));
    }

    /** From Camel's properties, data directory included (for code that runs before {@link GatewaySettings}). */
    public static RulesSettings from(PropertiesComponent properties) {
        Function<String, String> property = key -> properties.resolveProperty(key).orElse(null);
        String dataDir = property.apply(DATA_DIR_KEY);
        return read(property, dataDir == null || dataDir.isBlank() ? GatewaySettings.defaultDataDir() : Path.of(dataDir.trim()));
    }
}
