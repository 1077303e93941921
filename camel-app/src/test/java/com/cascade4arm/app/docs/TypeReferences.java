package com.cascade4arm.app.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which backticked spans name a Java type, and whether that type exists.
 *
 * <p>The rule. A span (a trailing argument list {@code (...)} dropped first) names a Java type when it reads
 * {@code [package.]Type[.member…]}: optional lower-case package segments, then a type name starting with an upper-case
 * letter and holding a lower-case one (so {@code PERCENTILE.INC}, {@code README.md} and {@code IT} are not types),
 * then optional members. A bare name with no package and no member must be UpperCamelCase with at least two humps
 * ({@code PoolDispatcher}, {@code RealLlamaServerIT}); single words ({@code Allow}, {@code Location}, {@code Decision})
 * are too often HTTP headers or plain words to count. The type must be declared ({@code class}, {@code record},
 * {@code interface}, {@code enum}) in some {@code src/**}{@code /*.java} file of the repository, or be one of the
 * external types in {@link #EXTERNAL}, or — fully qualified outside {@code com.cascade4arm} — load from the test class
 * path. A package prefix must match the declaring file's package: in full ({@code com.cascade4arm.app.CascadeApp}) or
 * as its last segments ({@code gateway.GatewayHarness}). A member ({@code RoutingRulebook.compile},
 * {@code BundledRules.FILE_NAMES}) must occur as a word in the declaring source; {@code Type.java} names the file.
 */
final class TypeReferences {
    private static final Pattern REFERENCE = Pattern.compile(
            "((?:[a-z][a-z0-9_]*\\.)*)([A-Z][A-Za-z0-9_]*)((?:\\.[A-Za-z_][A-Za-z0-9_]*)*)(?:\\(.*\\))?");
    private static final Pattern TWO_HUMPS = Pattern.compile("[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*");

    /**
     * Types from the JDK and the libraries the docs explain, by simple name; {@code DocsReferencesTest} checks that
     * each loads from the test class path, so the list cannot name a type that does not exist either.
     */
    static final Map<String, String> EXTERNAL = Map.ofEntries(
            Map.entry("AtomicReference", "java.util.concurrent.atomic.AtomicReference"),
            Map.entry("String", "java.lang.String"),
            Map.entry("Character", "java.lang.Character"),
            Map.entry("CharSequence", "java.lang.CharSequence"),
            Map.entry("ThreadLocal", "java.lang.ThreadLocal"),
            Map.entry("FileLock", "java.nio.channels.FileLock"),
            Map.entry("HttpClient", "java.net.http.HttpClient"),
            Map.entry("StackOverflowError", "java.lang.StackOverflowError"),
            Map.entry("StrictMath", "java.lang.StrictMath"),
            Map.entry("System", "java.lang.System"),
            Map.entry("MainListener", "org.apache.camel.main.MainListener"),
            Map.entry("SendProcessor", "org.apache.camel.processor.SendProcessor"),
            Map.entry("CircuitBreaker", "io.github.resilience4j.circuitbreaker.CircuitBreaker"),
            Map.entry("IntervalBiFunction", "io.github.resilience4j.core.IntervalBiFunction"),
            Map.entry("HttpServerOptions", "io.vertx.core.http.HttpServerOptions"),
            Map.entry("HttpClosedException", "io.vertx.core.http.HttpClosedException"),
            Map.entry("VertxInternal", "io.vertx.core.impl.VertxInternal"),
            Map.entry("StaticHandler", "io.vertx.ext.web.handler.StaticHandler"),
            Map.entry("KieBase", "org.kie.api.KieBase"),
            Map.entry("KieSession", "org.kie.api.runtime.KieSession"),
            Map.entry("KieSessionsPool", "org.kie.api.runtime.KieSessionsPool"),
            Map.entry("StatefulKnowledgeSessionImpl", "org.drools.kiesession.session.StatefulKnowledgeSessionImpl"),
            Map.entry("DefaultAgenda", "org.drools.kiesession.agenda.DefaultAgenda"),
            Map.entry("DrlExprParserFactory", "org.drools.drl.parser.DrlExprParserFactory"),
            Map.entry("LlamaModel", "de.kherud.llama.LlamaModel"),
            Map.entry("LlamaIterator", "de.kherud.llama.LlamaIterator"),
            Map.entry("ModelParameters", "de.kherud.llama.ModelParameters"),
            Map.entry("InferenceParameters", "de.kherud.llama.InferenceParameters"));

    private TypeReferences() {
    }

    /** Every span that names a Java type which does not exist, as "file:line: `span` — why". */
    static List<String> broken(List<MarkdownFiles.Span> spans) {
        List<String> broken = new ArrayList<>();
        for (MarkdownFiles.Span span : spans) {
            problem(span.text()).ifPresent(why -> broken.add(span.where() + ": `" + span.text() + "` — " + why));
        }
        return broken;
    }

    /** Empty when the span is no type reference or names one that exists; otherwise what is wrong. */
    static Optional<String> problem(String span) {
        Matcher m = REFERENCE.matcher(span);
        if (!m.matches() || !m.group(2).matches(".*[a-z].*")) {
            return Optional.empty();
        }
        String prefix = m.group(1).isEmpty() ? "" : m.group(1).substring(0, m.group(1).length() - 1);
        String type = m.group(2);
        List<String> members = m.group(3).isEmpty() ? List.of() : List.of(m.group(3).substring(1).split("\\."));
        if (prefix.isEmpty() && members.isEmpty() && !TWO_HUMPS.matcher(type).matches()) {
            return Optional.empty();
        }
        List<Repo.Declared> declared = Repo.types().getOrDefault(type, List.of()).stream()
                .filter(d -> prefix.isEmpty() || d.packageName().equals(prefix) || d.packageName().endsWith("." + prefix))
                .toList();
        if (declared.isEmpty()) {
            if (prefix.isEmpty() && EXTERNAL.containsKey(type)) {
                return Optional.empty();
            }
            if (prefix.contains(".") && !prefix.startsWith("com.cascade4arm") && loads(prefix + "." + type)) {
                return Optional.empty();
            }
            return Optional.of(Repo.types().containsKey(type)
                    ? "no type " + type + " in a package ending in " + prefix
                    : "no class, record, interface or enum " + type + " in any src/**/*.java");
        }
        if (members.equals(List.of("java"))) {
            return declared.stream().anyMatch(d -> d.file().getFileName().toString().equals(type + ".java"))
                    ? Optional.empty() : Optional.of("no file " + type + ".java");
        }
        for (String member : members) {
            Pattern word = Pattern.compile("\\b" + Pattern.quote(member) + "\\b");
            if (declared.stream().noneMatch(d -> word.matcher(d.source()).find())) {
                return Optional.of(type + " has no member " + member);
            }
        }
        return Optional.empty();
    }

    static boolean loads(String className) {
        try {
            Class.forName(className, false, TypeReferences.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
