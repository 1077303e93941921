package com.cascade4arm.openai;

/**
 * How large and how intricate a {@code response_format} JSON schema may be. llama.cpp turns a schema into a grammar in
 * native code that has no bounds of its own: a 200-byte schema could abort a model host or take gigabytes and minutes
 * there, so every server applies these bounds before a schema reaches a model ({@link JsonSchemaCheck}).
 *
 * @param maxSchemaChars     the schema's JSON text, characters
 * @param maxDepth           objects and arrays nested inside the schema
 * @param maxProperties      properties of all objects of the schema together
 * @param maxNumberMagnitude largest |minimum|, |maximum|, |exclusiveMinimum|, |exclusiveMaximum|
 * @param maxStringLength    largest minLength / maxLength
 * @param maxItems           largest minItems / maxItems
 * @param maxPatternChars    longest {@code pattern}
 * @param maxRepetition      largest count of a counted repetition {@code {n,m}} in a pattern
 * @param maxRepetitionTotal the lengths, item counts and pattern counts of the whole schema added up: what the grammar
 *                           grows with (each unit cost about 350 bytes of native memory in llama.cpp b4916)
 */
public record SchemaLimits(int maxSchemaChars, int maxDepth, int maxProperties, double maxNumberMagnitude,
                           int maxStringLength, int maxItems, int maxPatternChars, int maxRepetition,
                           int maxRepetitionTotal) {
    public static final int DEFAULT_MAX_SCHEMA_CHARS = 16_384;
    public static final int DEFAULT_MAX_DEPTH = 32;
    public static final int DEFAULT_MAX_PROPERTIES = 256;
    /** Below 2^31: llama.cpp reads an integer's bounds as a C int. */
    public static final double DEFAULT_MAX_NUMBER_MAGNITUDE = 1e9;
    public static final int DEFAULT_MAX_STRING_LENGTH = 4_096;
    public static final int DEFAULT_MAX_ITEMS = 1_024;
    public static final int DEFAULT_MAX_PATTERN_CHARS = 256;
    public static final int DEFAULT_MAX_REPETITION = 64;
    public static final int DEFAULT_MAX_REPETITION_TOTAL = 16_384;
    /** The largest integer bound llama.cpp's converter can hold (a C int). */
    public static final double NUMBER_MAGNITUDE_CEILING = Integer.MAX_VALUE;

    public static final SchemaLimits DEFAULTS = new SchemaLimits(DEFAULT_MAX_SCHEMA_CHARS, DEFAULT_MAX_DEPTH,
            DEFAULT_MAX_PROPERTIES, DEFAULT_MAX_NUMBER_MAGNITUDE, DEFAULT_MAX_STRING_LENGTH, DEFAULT_MAX_ITEMS,
            DEFAULT_MAX_PATTERN_CHARS, DEFAULT_MAX_REPETITION, DEFAULT_MAX_REPETITION_TOTAL);

    public SchemaLimits {
        positive("maxSchemaChars", maxSchemaChars);
        positive("maxDepth", maxDepth);
        positive("maxProperties", maxProperties);
        positive("maxStringLength", maxStringLength);
        positive("maxItems", maxItems);
        positive("maxPatternChars", maxPatternChars);
        positive("maxRepetition", maxRepetition);
        positive("maxRepetitionTotal", maxRepetitionTotal);
        if (!(maxNumberMagnitude > 0 && maxNumberMagnitude <= NUMBER_MAGNITUDE_CEILING)) {
            throw new IllegalArgumentException("maxNumberMagnitude must be between 0 (exclusive) and "
                    + (long) NUMBER_MAGNITUDE_CEILING + ", but was " + maxNumberMagnitude);
        }
    }

    private static void positive(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be at least 1, but was " + value);
        }
    }
}
