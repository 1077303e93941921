package com.cascade4arm.app.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What the docs may name in this repository: the files (build output left out) and the Java types declared in
 * src/ folders, each with its package and source text — read from the working tree, no process started.
 */
final class Repo {
    /** camel-app's tests run in camel-app/, so the repository root is its parent. */
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    static final Path PROPERTIES = ROOT.resolve("camel-app/src/main/resources/application.properties");

    /** A top-level type or nested type declaration: modifiers, then class/record/interface/enum and the name. */
    private static final Pattern DECLARATION = Pattern.compile(
            "^\\s*(?:(?:public|protected|private|static|final|abstract|sealed|non-sealed|strictfp)\\s+)*"
                    + "(?:class|record|interface|enum|@interface)\\s+([A-Z]\\w*)", Pattern.MULTILINE);
    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);

    /** A declared type: its package and the source file that declares it. */
    record Declared(String packageName, Path file, String source) {
    }

    private static List<Path> files;
    private static Map<String, List<Declared>> types;

    private Repo() {
    }

    /** Not build output, dependencies or hidden tooling folders (.git, .idea); .ci is part of the repository. */
    static boolean isSource(Path path) {
        for (Path part : ROOT.relativize(path)) {
            String name = part.toString();
            if (name.equals("target") || name.equals("node_modules") || (name.startsWith(".") && !name.equals(".ci"))) {
                return false;
            }
        }
        return true;
    }

    static synchronized List<Path> files() {
        if (files == null) {
            try (Stream<Path> walk = Files.walk(ROOT)) {
                files = walk.filter(Repo::isSource).toList();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return files;
    }

    /** Simple name → every declaration of that name in a src/ folder (main and test sources). */
    static synchronized Map<String, List<Declared>> types() {
        if (types == null) {
            types = new HashMap<>();
            for (Path file : files()) {
                if (!file.toString().endsWith(".java") || !ROOT.relativize(file).toString().contains("src/")) {
                    continue;
                }
                String source = String.join("\n", MarkdownFiles.read(file));
                Matcher pkg = PACKAGE.matcher(source);
                String packageName = pkg.find() ? pkg.group(1) : "";
                Matcher m = DECLARATION.matcher(source);
                while (m.find()) {
                    types.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(new Declared(packageName, file, source));
                }
            }
        }
        return types;
    }
}
