package com.cascade4arm.routes.config;

import io.smallrye.config.ConfigMappingInterface;
import io.smallrye.config.ConfigMappings;
import io.smallrye.config.ConfigMappings.ConfigClass;
import io.smallrye.config.ConfigValidationException;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.smallrye.config.validator.BeanValidationConfigValidator;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import org.apache.camel.spi.PropertiesComponent;
import org.eclipse.microprofile.config.spi.Converter;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Binds {@link CascadeConfig} (and one {@link TierConfig} per configured tier) with SmallRye Config and Bean
 * Validation. The values still come through Camel's PropertiesComponent (application.properties, {@code {{env:…}}},
 * -D, --key=value, Camel's env-var override): every key the mappings know is resolved there and handed to the library
 * as its only source, so the library never reads the environment itself (the warm-up's isolated copy relies on it).
 * A blank value is unset (the default applies); a bad one fails with a message naming the key and the value.
 * Bean Validation checks each key alone: SmallRye hands the validator every mapped method's value, never a mapping's
 * {@code default} methods nor (on an interface) a class-level constraint. The checks that read a value's form or
 * several keys are therefore the {@code default} methods that derive the values, called once here
 * ({@link #checkAcrossKeys}), so a bad start fails at binding as before.
 */
public final class ConfigBinding {
    private static final String PREFIX = "cascade";
    /** cascade.tiers' default, needed before binding: it says which tier mappings to register. */
    public static final String DEFAULT_TIERS = "small,large";
    private static final Validator VALIDATOR = Validation.buildDefaultValidatorFactory().getValidator();
    /** The library's conversion failure, reworded to "key message" like the validation failures. */
    private static final Pattern CONVERSION = Pattern.compile(
            "(?s).*The config property (\\S+) with the config value \".*\" threw an Exception whilst being converted (.*)");

    /** One binding per Camel context: the start-up reads it from several places, and a binding costs 30-50 ms warm. */
    private static final Map<PropertiesComponent, Configuration> BOUND = Collections.synchronizedMap(new WeakHashMap<>());

    private ConfigBinding() {
    }

    /** Binds the keys as Camel resolves them (once per properties component: they do not change after start). */
    public static Configuration bind(PropertiesComponent properties) {
        return BOUND.computeIfAbsent(properties, p -> bind(key -> p.resolveProperty(key).orElse(null)));
    }

    /** Binds the keys {@code property} gives (null or blank = unset). */
    public static Configuration bind(Function<String, String> property) {
        String tiersText = property.apply(PREFIX + ".tiers");
        List<String> tiers = tierNames(tiersText == null || tiersText.isBlank() ? DEFAULT_TIERS : tiersText.trim());
        Map<String, String> values = new HashMap<>();
        for (String key : keys(tiers).keySet()) {
            String value = property.apply(key);
            if (value != null && !value.isBlank()) {
                values.put(key, value.trim());
            }
        }
        SmallRyeConfig config = build(values, tiers);
        Map<String, TierConfig> tierConfigs = new LinkedHashMap<>();
        tiers.forEach(t -> tierConfigs.put(t, config.getConfigMapping(TierConfig.class, tierPrefix(t))));
        // The HTTP server's bind address (Camel's key, not ours), read to tell a laptop from a public box.
        String bindHost = property.apply("camel.server.host");
        CascadeConfig cascade = config.getConfigMapping(CascadeConfig.class);
        checkAcrossKeys(cascade);
        return new Configuration(cascade, Collections.unmodifiableMap(tierConfigs), bindHost == null || bindHost.isBlank() ? null : bindHost.trim());
    }

    /** The derived values whose default methods refuse a bad value, naming the key (URL forms, keys that need another). */
    private static void checkAcrossKeys(CascadeConfig cascade) {
        cascade.compare().hosted().url();
        cascade.compare().hosted().reasoningLevel();
        cascade.judge().baseUrl();
        cascade.tracing().collector();
        cascade.store().storeKind();
    }

    /** Every default: what an empty configuration gives (bound once). */
    public static Configuration defaults() {
        return Defaults.BOUND;
    }

    private static final class Defaults {
        static final Configuration BOUND = bind(key -> null);
    }

    /** Every key the mappings bind for these tiers, with its default if any (the test ties application.properties to it). */
    public static Map<String, ConfigMappingInterface.Property> keys(List<String> tiers) {
        Map<String, ConfigMappingInterface.Property> keys = new HashMap<>(
                ConfigMappings.getProperties(ConfigClass.configClass(CascadeConfig.class, PREFIX)));
        tiers.forEach(t -> keys.putAll(ConfigMappings.getProperties(ConfigClass.configClass(TierConfig.class, tierPrefix(t)))));
        return keys;
    }

    private static SmallRyeConfig build(Map<String, String> values, List<String> tiers) {
        SmallRyeConfigBuilder builder = new SmallRyeConfigBuilder()
                .withSources(new PropertiesConfigSource(values, "camel-properties", 100))
                .withMapping(CascadeConfig.class)
                .withValidateUnknown(false)
                .withValidator((BeanValidationConfigValidator) () -> VALIDATOR)
                .withConverter(Integer.class, 200, number(Integer::valueOf, "an integer"))
                .withConverter(Long.class, 200, number(Long::valueOf, "an integer"))
                .withConverter(Double.class, 200, number(Double::valueOf, "a number"));
        tiers.forEach(t -> builder.withMapping(TierConfig.class, tierPrefix(t)));
        try {
            return builder.build();
        } catch (ConfigValidationException e) {
            throw new IllegalArgumentException(IntStream.range(0, e.getProblemCount())
                    .mapToObj(i -> reword(e.getProblem(i).getMessage())).collect(Collectors.joining("; ")));
        }
    }

    /** The library's conversion failure as "key message", like the validation failures. */
    private static String reword(String message) {
        Matcher conversion = CONVERSION.matcher(message);
        return conversion.matches() ? conversion.group(1) + " " + conversion.group(2).trim() : message;
    }

    /** cascade.tiers, read once: it says which tier mappings to register, so a bad list fails here, naming it. */
    private static List<String> tierNames(String text) {
        List<String> names = CommaList.of(text);
        if (names.isEmpty() || names.size() != Set.copyOf(names).size()
                || names.stream().anyMatch(n -> !n.matches("[a-z][a-z0-9-]*") || n.equals(GatewaySettings.AUTO_MODEL))) {
            throw new IllegalArgumentException("cascade.tiers must list distinct lower-case names other than "
                    + GatewaySettings.AUTO_MODEL + ", but was " + text);
        }
        return names;
    }

    private static String tierPrefix(String tier) {
        return PREFIX + "." + tier;
    }

    /**
     * Numbers may be written with underscores (1_000), as before the binding; NaN and Infinity were never a valid rate,
     * price or bound.
     */
    private static <T extends Number> Converter<T> number(Function<String, T> parse, String kind) {
        return value -> {
            try {
                T number = parse.apply(value.trim().replace("_", ""));
                if (Double.isFinite(number.doubleValue())) {
                    return number;
                }
            } catch (NumberFormatException e) {
                // refused below, naming the value
            }
            throw new IllegalArgumentException("must be " + kind + ", but was " + value.trim());
        };
    }
}
