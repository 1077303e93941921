package com.cascade4arm.bench.runner;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The one place that configures Jackson's CSV format for run files, so every file keeps the RFC 4180 shape older run
 * directories have: a field is quoted (quotes doubled) only when it holds a comma, quote, CR or LF; null is an empty
 * field; lines end with LF. Reading drops a last record that has no line end (a crash mid-write).
 */
public final class Csv {

    private static final CsvMapper MAPPER = CsvMapper.builder()
            .enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING) // quote by content, never by length
            .enable(CsvParser.Feature.WRAP_AS_ARRAY)
            .build();
    private static final CsvSchema SCHEMA = CsvSchema.emptySchema().withLineSeparator("\n");
    private static final ObjectWriter LINE = MAPPER.writer(SCHEMA);
    /** Jackson's strict check quotes on LF but not on a lone CR: a line holding one quotes all its fields instead. */
    private static final ObjectWriter LINE_QUOTING_STRINGS =
            LINE.with(CsvGenerator.Feature.ALWAYS_QUOTE_STRINGS);
    private static final ObjectReader RECORDS = MAPPER.readerForListOf(String.class).with(SCHEMA);

    private Csv() {
    }

    /** One CSV line, ending with {@code \n}. */
    public static String line(List<String> fields) {
        List<String> row = fields.stream().map(field -> field == null ? "" : field).toList(); // Jackson skips nulls
        try {
            return (hasUnquotedCarriageReturn(row) ? LINE_QUOTING_STRINGS : LINE).writeValueAsString(row);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a list of strings always writes as CSV", e);
        }
    }

    /** All complete records of a CSV text, header included. */
    public static List<List<String>> parse(String text) {
        List<List<String>> records = new ArrayList<>();
        try (MappingIterator<List<String>> iterator = RECORDS.readValues(text)) {
            while (iterator.hasNextValue()) {
                records.add(iterator.nextValue());
            }
        } catch (IOException unclosedQuote) {
            return records; // only the last record can be cut inside a quoted field
        }
        if (!text.isEmpty() && !text.endsWith("\n") && !records.isEmpty()) {
            records.remove(records.size() - 1);
        }
        return records;
    }

    private static boolean hasUnquotedCarriageReturn(List<String> fields) {
        return fields.stream().anyMatch(field -> field.indexOf('\r') >= 0 && field.indexOf('\n') < 0
                && field.indexOf(',') < 0 && field.indexOf('"') < 0);
    }
}
