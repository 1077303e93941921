package com.cascade4arm.rules.safety;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The variables one rule binds, in declaration order: fact bindings ({@code $d : Decision()}, which know their type) and
 * value bindings ({@code $w : wordCount}). Checkers resolve every {@code $name} they meet against it.
 */
final class Bindings {

    /** Bound names must start with '$', so none can be mistaken for a class such as System. */
    static final Pattern NAME = Pattern.compile("\\$[A-Za-z_][A-Za-z0-9_]*");

    private final Map<String, String> factTypeByName = new HashMap<>();
    private final Map<String, Boolean> isFactByName = new HashMap<>();

    void bindFact(String name, String factType) {
        factTypeByName.put(name, factType);
        isFactByName.put(name, true);
    }

    void bindValue(String name) {
        isFactByName.put(name, false);
    }

    boolean isBound(String name) {
        return isFactByName.containsKey(name);
    }

    boolean isFact(String name) {
        return Boolean.TRUE.equals(isFactByName.get(name));
    }

    boolean isValue(String name) {
        return Boolean.FALSE.equals(isFactByName.get(name));
    }

    /** The fact type of a fact binding, or null. */
    String factType(String name) {
        return factTypeByName.get(name);
    }

    boolean isDecision(String name) {
        return FactModel.DECISION.equals(factType(name));
    }
}
