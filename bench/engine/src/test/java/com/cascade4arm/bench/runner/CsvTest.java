package com.cascade4arm.bench.runner;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CsvTest {

    @Test
    void leavesPlainFieldsAloneAndQuotesFieldsWithCommasQuotesOrLineBreaks() {
        assertThat(Csv.line(List.of("plain text"))).isEqualTo("plain text\n");
        assertThat(Csv.line(List.of("a,b"))).isEqualTo("\"a,b\"\n");
        assertThat(Csv.line(List.of("say \"hi\""))).isEqualTo("\"say \"\"hi\"\"\"\n");
        assertThat(Csv.line(List.of("line1\nline2"))).isEqualTo("\"line1\nline2\"\n");
        assertThat(Csv.line(List.of("cr\rhere"))).isEqualTo("\"cr\rhere\"\n");
        assertThat(Csv.line(Arrays.asList((String) null))).isEqualTo("\n");
        assertThat(Csv.line(List.of("a text longer than twenty-four characters"))).as("quoted by content, not length")
                .isEqualTo("a text longer than twenty-four characters\n");
    }

    @Test
    void keepsAFieldWithALoneCarriageReturnInOneRecord() {
        List<String> fields = List.of("run-1", "500", "upstream said\rno");
        assertThat(Csv.parse(Csv.line(fields) + Csv.line(fields))).containsExactly(fields, fields);
    }

    @Test
    void joinsFieldsIntoOneLfTerminatedLine() {
        assertThat(Csv.line(List.of("a", "b,c", ""))).isEqualTo("a,\"b,c\",\n");
    }

    @Test
    void parsesBackWhatItWrites() {
        List<String> tricky = List.of("Compare A, B and \"C\"", "Exception in thread \"main\"\n    at X.java:12", "",
                "ünïcödé, ok", "\"\"");
        String text = Csv.line(List.of("h1", "h2", "h3", "h4", "h5")) + Csv.line(tricky) + Csv.line(tricky);
        assertThat(Csv.parse(text)).containsExactly(List.of("h1", "h2", "h3", "h4", "h5"), tricky, tricky);
    }

    @Test
    void dropsAHalfWrittenLastRecord() {
        assertThat(Csv.parse("a,b\n1,2\n3,\"unfinished")).containsExactly(List.of("a", "b"), List.of("1", "2"));
    }

    @Test
    void roundTripsARequestRowWhoseErrorHasCommasQuotesAndNewlines() {
        RequestRow row = new RequestRow("run-1", "cascade", 4, 7, "code-05", "code", "large", null, null, 500,
                "HTTP 500: upstream said \"no\", then\nstack trace", null, 12.345, 0, 0.0, "2025-01-01T00:00:00Z");
        String line = Csv.line(row.csvFields());
        List<List<String>> parsed = Csv.parse(line);
        assertThat(parsed).hasSize(1);
        assertThat(RequestRow.fromCsv(parsed.get(0))).isEqualTo(row);
    }
}
