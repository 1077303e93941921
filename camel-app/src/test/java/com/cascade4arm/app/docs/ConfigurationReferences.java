package com.cascade4arm.app.docs;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Configuration keys the docs name against camel-app's application.properties, and the env and default columns of
 * configuration tables against the values there.
 *
 * <p>A key is a backticked span starting with {@code cascade.} or {@code camel.} (a leading {@code --} and a
 * {@code =value} are dropped: {@code --cascade.store=postgres} names {@code cascade.store}). It must match a key of
 * application.properties, where {@code {a,b}} stands for each alternative, a placeholder in angle brackets
 * ({@code cascade.<tier>.urls}) for exactly one segment of lower-case letters, digits and dashes (so it matches
 * {@code cascade.small.urls} and {@code cascade.large.urls}), and a trailing {@code *} ({@code cascade.store.*}) for
 * any rest. Each key must match at least one property. Not keys: {@code cascade.<field>} where {@code <field>} is a
 * field of the answer's {@code cascade} object ({@code cascade.endpoint}, {@code cascade.cost_usd}: the names
 * {@code CascadeInfo} puts there, read from its source).
 *
 * <p>A configuration table is a table whose header has a {@code key} and a {@code default} column. Its key cell names
 * one key and optionally siblings in further spans ({@code `cascade.judge.timeout-ms` / `.max-tokens`}: a sibling
 * replaces the key's last segment). Its default cell is either one default for every key of the row or, split on
 * {@code " / "}, one per key. A default reads {@code empty} or {@code empty → what the code does then} (the property's
 * value must be blank), or the literal value, optionally followed by a note in parentheses; anything else is refused
 * as unverifiable. The value compared is the property's, and for {@code {{env:NAME:default}}} its default. An
 * {@code env} column names that NAME ({@code _BURST} after {@code CASCADE_RATE_LIMIT_RPS} replaces the last word); an
 * empty env cell means the property reads no environment variable. With a placeholder key every matching property
 * must have the stated default and variable.
 */
final class ConfigurationReferences {
    private static final Pattern KEY = Pattern.compile("(?:--)?((?:cascade|camel)\\.[A-Za-z0-9.<>{},*_-]+)(?:=.*)?");
    private static final Pattern ENV = Pattern.compile("\\{\\{env:([A-Za-z0-9_]+):?(.*)}}");

    private static final Path CASCADE_INFO = Repo.ROOT.resolve(
            "routes/src/main/java/com/cascade4arm/routes/serving/llama/CascadeInfo.java");
    private static final Pattern ANSWER_FIELD = Pattern.compile("\\.put\\(\"([a-z_]+)\"");

    private final Properties properties = new Properties();
    private final Set<String> answerFields = new HashSet<>();

    ConfigurationReferences() {
        try (Reader in = Files.newBufferedReader(Repo.PROPERTIES)) {
            properties.load(in);
            Matcher field = ANSWER_FIELD.matcher(Files.readString(CASCADE_INFO));
            while (field.find()) {
                answerFields.add("cascade." + field.group(1));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Spans naming a key that application.properties does not have. */
    List<String> unknownKeys(List<MarkdownFiles.Span> spans) {
        List<String> broken = new ArrayList<>();
        for (MarkdownFiles.Span span : spans) {
            Matcher m = KEY.matcher(span.text());
            if (m.matches() && !answerFields.contains(m.group(1)) && matching(m.group(1)).isEmpty()) {
                broken.add(span.where() + ": `" + span.text() + "` — no such key in application.properties");
            }
        }
        return broken;
    }

    /** Rows of configuration tables whose env or default disagree with application.properties. */
    List<String> wrongDefaults(List<MarkdownFiles.Table> tables) {
        List<String> broken = new ArrayList<>();
        for (MarkdownFiles.Table table : tables) {
            int key = table.header().indexOf("key");
            int env = table.header().indexOf("env");
            int def = table.header().indexOf("default");
            if (key < 0 || def < 0) {
                continue;
            }
            for (MarkdownFiles.Row row : table.rows()) {
                List<String> keys = keys(row.cells().get(key));
                List<String> defaults = parts(row.cells().get(def).replace("`", ""), keys.size());
                List<String> envs = env < 0 ? null : envNames(row.cells().get(env), keys.size());
                for (int i = 0; i < keys.size(); i++) {
                    for (String property : matching(keys.get(i))) {
                        String problem = problem(property, defaults.get(i), envs == null ? null : envs.get(i));
                        if (problem != null) {
                            broken.add(row.where() + ": " + property + " — " + problem);
                        }
                    }
                }
            }
        }
        return broken;
    }

    private String problem(String property, String stated, String env) {
        String raw = properties.getProperty(property).trim();
        Matcher placeholder = ENV.matcher(raw);
        String value = placeholder.matches() ? placeholder.group(2).trim() : raw;
        String variable = placeholder.matches() ? placeholder.group(1) : "";
        if (env != null && !env.equals(variable)) {
            return "the table says env `" + env + "`, application.properties reads `" + variable + "`";
        }
        if (stated.isEmpty()) {
            return null;
        }
        if (stated.startsWith("empty")) {
            return value.isEmpty() ? null : "the table says empty, application.properties has `" + value + "`";
        }
        String literal = stated.replaceFirst("\\s+\\(.*$", "").trim();
        if (literal.contains(" ")) {
            return "default `" + stated + "` is neither `empty`, `empty → …` nor the literal value";
        }
        return literal.equals(value) ? null
                : "the table says default `" + literal + "`, application.properties has `" + value + "`";
    }

    /** The keys a key cell names: its first key span and the siblings after it. */
    private static List<String> keys(String cell) {
        List<String> keys = new ArrayList<>();
        for (String span : MarkdownFiles.backticked(cell)) {
            Matcher m = KEY.matcher(span);
            if (m.matches()) {
                keys.add(m.group(1));
            } else if (!keys.isEmpty() && span.matches("\\.?[a-z0-9-]+")) {
                String first = keys.get(0);
                keys.add(first.substring(0, first.lastIndexOf('.') + 1) + span.replaceFirst("^\\.", ""));
            }
        }
        return keys;
    }

    /** One entry per key: the cell split on " / " when it has one part per key, else the whole cell for each. */
    private static List<String> parts(String cell, int keys) {
        String[] parts = cell.split(" / ");
        List<String> result = new ArrayList<>();
        for (int i = 0; i < keys; i++) {
            result.add((parts.length == keys ? parts[i] : cell).trim());
        }
        return result;
    }

    private static List<String> envNames(String cell, int keys) {
        List<String> names = new ArrayList<>();
        for (String span : MarkdownFiles.backticked(cell)) {
            names.add(span.startsWith("_") && !names.isEmpty()
                    ? names.get(names.size() - 1).replaceFirst("_[A-Z0-9]+$", "") + span : span);
        }
        List<String> result = new ArrayList<>();
        for (int i = 0; i < keys; i++) {
            result.add(names.isEmpty() ? "" : names.size() == keys ? names.get(i) : String.join(" / ", names));
        }
        return result;
    }

    /** The properties a documented key stands for (see the class comment for braces, placeholders and globs). */
    List<String> matching(String key) {
        List<String> found = new ArrayList<>();
        for (String alternative : expandBraces(key)) {
            Pattern pattern = Pattern.compile(toRegex(alternative));
            for (String name : properties.stringPropertyNames()) {
                if (pattern.matcher(name).matches()) {
                    found.add(name);
                }
            }
        }
        return found.stream().distinct().sorted().toList();
    }

    private static String toRegex(String key) {
        StringBuilder regex = new StringBuilder();
        Matcher m = Pattern.compile("<[^>]+>|\\*").matcher(key);
        int at = 0;
        while (m.find()) {
            regex.append(Pattern.quote(key.substring(at, m.start())));
            regex.append(m.group().equals("*") ? ".*" : "[a-z0-9-]+");
            at = m.end();
        }
        return regex.append(Pattern.quote(key.substring(at))).toString();
    }

    private static List<String> expandBraces(String key) {
        int open = key.indexOf('{');
        int close = key.indexOf('}', open);
        if (open < 0 || close < 0) {
            return List.of(key);
        }
        List<String> expanded = new ArrayList<>();
        for (String choice : key.substring(open + 1, close).split(",")) {
            expanded.addAll(expandBraces(key.substring(0, open) + choice + key.substring(close + 1)));
        }
        return expanded;
    }
}
