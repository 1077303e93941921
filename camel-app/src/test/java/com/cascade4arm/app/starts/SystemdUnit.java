package com.cascade4arm.app.starts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A systemd service unit read as systemd reads what the gateway's unit uses: its {@code [Service]} settings (a key given
 * twice keeps every value, as EnvironmentFile= does), environment files ({@code KEY=VALUE}, # and ; comments, optional
 * quotes) and ExecStart's words with {@code $VAR} (split into words) and {@code ${VAR}} (one word) expanded.
 */
record SystemdUnit(Map<String, List<String>> service) {
    /** systemd's default stop timeout (DefaultTimeoutStopSec), seconds. */
    private static final int DEFAULT_TIMEOUT_STOP_SEC = 90;

    static SystemdUnit read(Path file) throws IOException {
        Map<String, List<String>> service = new LinkedHashMap<>();
        String section = "";
        for (String raw : Files.readAllLines(file)) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith(";")) {
                continue;
            }
            if (line.startsWith("[")) {
                section = line;
            } else if (section.equals("[Service]") && line.contains("=")) {
                int equals = line.indexOf('=');
                service.computeIfAbsent(line.substring(0, equals).strip(), key -> new ArrayList<>())
                        .add(line.substring(equals + 1).strip());
            }
        }
        return new SystemdUnit(service);
    }

    String one(String key) {
        List<String> values = service.getOrDefault(key, List.of());
        if (values.size() != 1) {
            throw new IllegalStateException(key + " must be set once in the unit, but was " + values);
        }
        return values.get(0);
    }

    /** EnvironmentFile= paths as the unit names them, a leading '-' (optional file) removed. */
    List<String> environmentFiles() {
        return service.getOrDefault("EnvironmentFile", List.of()).stream()
                .map(path -> path.startsWith("-") ? path.substring(1) : path).toList();
    }

    int timeoutStopSec() {
        List<String> values = service.getOrDefault("TimeoutStopSec", List.of());
        return values.isEmpty() ? DEFAULT_TIMEOUT_STOP_SEC : Integer.parseInt(values.get(values.size() - 1));
    }

    /** ExecStart's command line (no quoting in ours), its variables expanded from {@code environment}. */
    List<String> execStart(Map<String, String> environment) {
        List<String> words = new ArrayList<>();
        for (String word : one("ExecStart").split("\\s+")) {
            if (word.startsWith("${") && word.endsWith("}")) {
                words.add(environment.getOrDefault(word.substring(2, word.length() - 1), ""));
            } else if (word.startsWith("$")) {
                String value = environment.getOrDefault(word.substring(1), "").strip();
                if (!value.isEmpty()) {
                    words.addAll(List.of(value.split("\\s+")));
                }
            } else {
                words.add(word);
            }
        }
        return words;
    }

    /** An EnvironmentFile's variables, in order. */
    static Map<String, String> environmentFile(Path file) throws IOException {
        Map<String, String> variables = new LinkedHashMap<>();
        for (String raw : Files.readAllLines(file)) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith(";") || !line.contains("=")) {
                continue;
            }
            int equals = line.indexOf('=');
            String value = line.substring(equals + 1).strip();
            if (value.length() >= 2 && (value.startsWith("\"") && value.endsWith("\"")
                    || value.startsWith("'") && value.endsWith("'"))) {
                value = value.substring(1, value.length() - 1);
            }
            variables.put(line.substring(0, equals).strip(), value);
        }
        return variables;
    }
}
