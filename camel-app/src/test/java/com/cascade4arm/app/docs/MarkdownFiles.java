package com.cascade4arm.app.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Every Markdown file of the repository, read line by line outside fenced code blocks, so the docs tests see what a
 * reader sees as prose and tables: backticked spans and table rows, each with its file and line.
 */
final class MarkdownFiles {

    /** One backticked span: where it stands and its text (without the backticks). */
    record Span(Path file, int line, String text) {
        String where() {
            return Repo.ROOT.relativize(file) + ":" + line;
        }
    }

    /** One table row: where it stands and its cells (backticked text kept), split on `|` outside backticks. */
    record Row(Path file, int line, List<String> cells) {
        String where() {
            return Repo.ROOT.relativize(file) + ":" + line;
        }
    }

    /** One table: its header cells (lower case) and its body rows. */
    record Table(List<String> header, List<Row> rows) {
    }

    private MarkdownFiles() {
    }

    /** The Markdown files under the repository root, build output, node_modules and hidden folders left out. */
    static List<Path> all() {
        return Repo.files().stream().filter(p -> p.toString().endsWith(".md") && Files.isRegularFile(p))
                .sorted().toList();
    }

    /** The lines a reader sees as text: fenced code blocks (```) are blanked, line numbers kept. */
    static List<String> proseLines(Path file) {
        List<String> lines = new ArrayList<>();
        boolean fenced = false;
        for (String line : read(file)) {
            if (line.stripLeading().startsWith("```")) {
                fenced = !fenced;
                lines.add("");
            } else {
                lines.add(fenced ? "" : line);
            }
        }
        return lines;
    }

    static List<Span> spans(Path file) {
        List<Span> spans = new ArrayList<>();
        List<String> lines = proseLines(file);
        for (int i = 0; i < lines.size(); i++) {
            for (String text : backticked(lines.get(i))) {
                spans.add(new Span(file, i + 1, text));
            }
        }
        return spans;
    }

    /** The backticked spans of one piece of text, in order. */
    static List<String> backticked(String text) {
        List<String> spans = new ArrayList<>();
        int open = -1;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '`') {
                if (open < 0) {
                    open = i;
                } else {
                    spans.add(text.substring(open + 1, i));
                    open = -1;
                }
            }
        }
        return spans;
    }

    /** The tables of a file: a header row, a `|---|` separator, then rows until the first line not starting with `|`. */
    static List<Table> tables(Path file) {
        List<Table> tables = new ArrayList<>();
        List<String> lines = proseLines(file);
        for (int i = 0; i + 1 < lines.size(); i++) {
            if (lines.get(i).startsWith("|") && lines.get(i + 1).matches("\\|[\\s|:-]+\\|?\\s*")) {
                List<String> header = cells(lines.get(i)).stream().map(c -> c.trim().toLowerCase()).toList();
                List<Row> rows = new ArrayList<>();
                int j = i + 2;
                for (; j < lines.size() && lines.get(j).startsWith("|"); j++) {
                    rows.add(new Row(file, j + 1, cells(lines.get(j))));
                }
                tables.add(new Table(header, rows));
                i = j;
            }
        }
        return tables;
    }

    /**
     * Tables that do not render as written: a `|` line that belongs to no table (a blank line inside a table, or a
     * missing `|---|` line) and rows whose number of cells differs from the header's.
     */
    static List<String> malformedTables(Path file) {
        List<String> problems = new ArrayList<>();
        List<String> lines = proseLines(file);
        String where = Repo.ROOT.relativize(file) + ":";
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).startsWith("|")) {
                continue;
            }
            if (i + 1 >= lines.size() || !lines.get(i + 1).matches("\\|[\\s|:-]+\\|?\\s*")) {
                problems.add(where + (i + 1) + ": a table row outside a table (a blank line inside the table, or no"
                        + " |---| line under its header?)");
                continue;
            }
            int columns = cells(lines.get(i)).size();
            int j = i + 2;
            for (; j < lines.size() && lines.get(j).startsWith("|"); j++) {
                int found = cells(lines.get(j)).size();
                if (found != columns) {
                    problems.add(where + (j + 1) + ": " + found + " cells, the header has " + columns);
                }
            }
            i = j;
        }
        return problems;
    }

    /** A table line's cells, trimmed; a `|` inside backticks belongs to its cell. */
    static List<String> cells(String line) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean code = false;
        String body = line.trim();
        body = body.substring(1, body.endsWith("|") && body.length() > 1 ? body.length() - 1 : body.length());
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '`') {
                code = !code;
            }
            if (c == '|' && !code && (i == 0 || body.charAt(i - 1) != '\\')) {
                cells.add(cell.toString().trim());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(cell.toString().trim());
        return cells;
    }

    static List<String> read(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
