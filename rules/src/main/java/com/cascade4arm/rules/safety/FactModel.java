package com.cascade4arm.rules.safety;

import com.cascade4arm.rules.decision.Decision;
import com.cascade4arm.rules.facts.PromptFacts;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What operator DRL may touch: the package, the imports, the two fact types with their getter properties (read by
 * reflection, so a new fact property is usable at once) and the decision's five methods with the kind of each
 * argument. The allow-list's vocabulary.
 */
public final class FactModel {

    /** The package every rule file declares (the folder the compiler writes it to). */
    public static final String PACKAGE = "com.cascade4arm.rules";
    public static final String PROMPT_FACTS = PromptFacts.class.getSimpleName();
    public static final String DECISION = Decision.class.getSimpleName();

    public static final Set<String> IMPORTS = Set.of(
            PromptFacts.class.getName(),
            Decision.class.getName(),
            PromptFacts.class.getPackageName() + ".*");

    /** What an argument of a decision method must be. */
    public enum Parameter {
        /** A string literal, or a concatenation of literals, numbers and value bindings, with some non-blank text. */
        TEXT,
        /** A number literal strictly between 0 and 1: the confidence threshold of a tentative route. */
        PROBABILITY
    }

    /** The decision's methods a consequence may call, with the kind of each argument. */
    public static final Map<String, List<Parameter>> DECISION_PARAMETERS = Map.of(
            "routeLarge", List.of(Parameter.TEXT),
            "routeSmall", List.of(Parameter.TEXT),
            "routeSmallTentatively", List.of(Parameter.PROBABILITY, Parameter.TEXT),
            "routeTo", List.of(Parameter.TEXT, Parameter.TEXT),
            "assignCategory", List.of(Parameter.TEXT, Parameter.TEXT));

    /** The decision's methods a consequence may call, with their argument counts. */
    public static final Map<String, Integer> DECISION_METHODS = DECISION_PARAMETERS.entrySet().stream()
            .collect(Collectors.toUnmodifiableMap(Map.Entry::getKey, e -> e.getValue().size()));

    private static final Map<String, Set<String>> PROPERTIES = new LinkedHashMap<>();

    static {
        PROPERTIES.put(PROMPT_FACTS, gettersOf(PromptFacts.class));
        PROPERTIES.put(DECISION, gettersOf(Decision.class));
    }

    private FactModel() {
    }

    /** The fact types a pattern may match, by simple name. */
    public static Set<String> factTypes() {
        return PROPERTIES.keySet();
    }

    public static boolean isFactType(String name) {
        return PROPERTIES.containsKey(name);
    }

    /** The readable properties of a fact type ({@code wordCount} for {@code getWordCount()}), empty for other names. */
    public static Set<String> properties(String factType) {
        return PROPERTIES.getOrDefault(factType, Set.of());
    }

    static boolean isPropertyOfAnyFact(String name) {
        return PROPERTIES.values().stream().anyMatch(properties -> properties.contains(name));
    }

    /** Public, non-static, no-argument getX()/isX() methods; getClass() is not a property. */
    private static Set<String> gettersOf(Class<?> type) {
        Set<String> names = new TreeSet<>();
        List<Method> methods = Arrays.asList(type.getMethods());
        for (Method method : methods) {
            if (Modifier.isStatic(method.getModifiers()) || method.getParameterCount() != 0
                    || method.getDeclaringClass() == Object.class) {
                continue;
            }
            String name = method.getName();
            if (name.startsWith("get") && name.length() > 3) {
                names.add(decapitalize(name.substring(3)));
            } else if (name.startsWith("is") && name.length() > 2 && method.getReturnType() == boolean.class) {
                names.add(decapitalize(name.substring(2)));
            }
        }
        return Collections.unmodifiableSet(names);
    }

    /** JavaBeans' rule: "WordCount" → "wordCount", but "URL" stays "URL". */
    private static String decapitalize(String name) {
        if (name.length() > 1 && Character.isUpperCase(name.charAt(1)) && Character.isUpperCase(name.charAt(0))) {
            return name;
        }
        return Character.toLowerCase(name.charAt(0)) + name.substring(1);
    }
}
