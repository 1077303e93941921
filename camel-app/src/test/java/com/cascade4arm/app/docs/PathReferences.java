package com.cascade4arm.app.docs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which backticked spans name a file or folder of this repository, and whether it exists.
 *
 * <p>The rule. A span without spaces that holds a {@code /} and is no URL or URL path (no {@code ://}, not starting
 * with {@code /}) is a repository path when its first segment exists at the repository root
 * ({@code bench/scripts/product-check.sh}) or beside the Markdown file ({@code src/main/...} in a module README); a
 * leading {@code …/} means "some path ending in the rest" ({@code …/rules/safety/SafeRulebooks.java}). Anything
 * else with a slash ({@code text/event-stream}, {@code shared/tools/...} beside the checkout) is not a repository path.
 * The path is checked up to its first segment that is a placeholder or a glob ({@code <class>}, {@code {a,b}},
 * {@code *}, {@code ...}, {@code $X}) or build output ({@code target}): {@code camel-app/target/camel-app.jar} checks
 * {@code camel-app}. A bare file name without a slash counts when its extension is one of {@link #FILE_EXTENSIONS}
 * (not json, csv or html: mostly files a run writes; not drl: the docs name example rule files a user would add):
 * some file of that name must exist in the repository. A path that does not resolve from the root or beside the
 * Markdown file may be written from a module's package root ({@code bench/BenchRoutes.java} in routes/design.md):
 * then some file of the repository must end in it. A trailing {@code #anchor} or {@code :line} is dropped.
 */
final class PathReferences {
    static final Set<String> FILE_EXTENSIONS = Set.of("md", "sh", "properties", "yaml", "yml", "service", "xml");

    private PathReferences() {
    }

    static List<String> broken(List<MarkdownFiles.Span> spans) {
        List<String> broken = new ArrayList<>();
        for (MarkdownFiles.Span span : spans) {
            problem(span.file().getParent(), span.text())
                    .ifPresent(why -> broken.add(span.where() + ": `" + span.text() + "` — " + why));
        }
        return broken;
    }

    static Optional<String> problem(Path folder, String span) {
        String path = span.replaceFirst("#.*$", "").replaceFirst(":\\d+$", "").replaceFirst("^\\./", "");
        if (path.isEmpty() || path.contains(" ") || path.contains("://") || path.startsWith("/")
                || path.startsWith("-") || path.contains("=")) {
            return Optional.empty();
        }
        if (!path.contains("/")) {
            int dot = path.lastIndexOf('.');
            if (dot <= 0 || !FILE_EXTENSIONS.contains(path.substring(dot + 1)) || !path.matches("[\\w.-]+")) {
                return Optional.empty();
            }
            String name = path;
            return Repo.files().stream().anyMatch(f -> f.getFileName().toString().equals(name))
                    ? Optional.empty() : Optional.of("no file named " + path + " in the repository");
        }
        String checked = checkedPart(path.startsWith("…/") ? path.substring(2) : path);
        if (checked.isEmpty()) {
            return Optional.empty();
        }
        if (path.startsWith("…/")) {
            String suffix = "/" + checked;
            return Repo.files().stream().anyMatch(f -> f.toString().endsWith(suffix))
                    ? Optional.empty() : Optional.of("no path in the repository ends in " + checked);
        }
        String first = checked.split("/")[0];
        if (!Files.exists(Repo.ROOT.resolve(first)) && !Files.exists(folder.resolve(first))) {
            return Optional.empty();
        }
        if (Files.exists(Repo.ROOT.resolve(checked)) || Files.exists(folder.resolve(checked))) {
            return Optional.empty();
        }
        String suffix = "/" + checked;
        return Repo.files().stream().anyMatch(f -> f.toString().endsWith(suffix)) ? Optional.empty()
                : Optional.of(checked + " is neither a path from the repository root, nor one beside this file, nor the end"
                + " of a repository path");
    }

    /** The path up to (without) its first placeholder, glob or build-output segment. */
    private static String checkedPart(String path) {
        List<String> kept = new ArrayList<>();
        for (String segment : path.split("/")) {
            if (segment.isEmpty() || segment.equals("target") || segment.matches(".*[<>{}*$…].*")
                    || segment.contains("...")) {
                break;
            }
            kept.add(segment);
        }
        return String.join("/", kept);
    }
}
