package com.cascade4arm.rules.safety;

import com.cascade4arm.rules.RuleProblem;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.drools.drl.ast.descr.AbstractClassTypeDeclarationDescr;
import org.drools.drl.ast.descr.BaseDescr;
import org.drools.drl.ast.descr.FunctionDescr;
import org.drools.drl.ast.descr.GlobalDescr;
import org.drools.drl.ast.descr.ImportDescr;
import org.drools.drl.ast.descr.PackageDescr;
import org.drools.drl.ast.descr.RuleDescr;
import org.drools.drl.parser.DrlParser;
import org.drools.drl.parser.DroolsError;
import org.drools.drl.parser.DroolsParserException;
import org.drools.drl.parser.ParserError;
import org.kie.internal.builder.conf.LanguageLevelOption;

/**
 * DRL is code: Drools runs Java from consequences and from conditions. This checker accepts only rules that stay inside
 * the routing fact model, judged on the parsed DRL before anything is compiled or run (rules/design.md, "Rule safety"
 * lists the allow-list). Stateless and thread-safe.
 */
public final class RuleSafetyChecker {

    public static final int MAX_FILES = 50;
    public static final int MAX_FILE_CHARS = 200_000;
    private static final Pattern FILE_NAME = Pattern.compile("[a-z0-9]+(?:-[a-z0-9]+)*\\.drl");

    private RuleSafetyChecker() {
    }

    /** Every problem found, by file and line; empty means the rules are safe to compile and run. */
    public static List<RuleProblem> check(Map<String, String> drlFilesByName) {
        List<RuleProblem> problems = new ArrayList<>();
        if (drlFilesByName == null || drlFilesByName.isEmpty()) {
            problems.add(new RuleProblem("", 0, 0, "a rulebook needs at least one .drl file, but had none"));
            return problems;
        }
        if (drlFilesByName.size() > MAX_FILES) {
            problems.add(new RuleProblem("", 0, 0, "a rulebook may have at most " + MAX_FILES + " files, but had "
                    + drlFilesByName.size()));
            return problems;
        }
        if (DrlParser.ANTLR4_PARSER_ENABLED) {
            problems.add(new RuleProblem("", 0, 0, "the checker vouches only for Drools' DRL6 parser, but "
                    + DrlParser.ANTLR4_PARSER_ENABLED_PROPERTY + "=true selects another: rules are not accepted"));
            return problems;
        }
        drlFilesByName.forEach((name, text) -> problems.addAll(checkFile(name, text)));
        return problems;
    }

    private static List<RuleProblem> checkFile(String name, String text) {
        SourceFile file = new SourceFile(String.valueOf(name), text == null ? "" : text);
        if (name == null || !FILE_NAME.matcher(name).matches()) {
            file.reject(0, 0, "file name must be kebab-case and end with .drl (like category-routing.drl), but was '"
                    + name + "'");
            return file.problems();
        }
        if (text == null || text.isBlank()) {
            file.reject(0, 0, "the file is empty");
            return file.problems();
        }
        if (text.length() > MAX_FILE_CHARS) {
            file.reject(0, 0, "a file may have at most " + MAX_FILE_CHARS + " characters, but had " + text.length());
            return file.problems();
        }
        SourceChecks.check(file);
        if (file.hasProblems()) {
            return file.problems();
        }
        try {
            PackageDescr parsed = parse(file);
            if (parsed != null) {
                checkPackage(file, parsed);
            }
        } catch (StackOverflowError e) {
            // A backstop: SourceChecks caps bracket nesting, but some other shape might still recurse too deep.
            file.reject(0, 0, "the file is too deeply nested to check");
        }
        return file.problems().stream().sorted(Comparator.comparingInt(RuleProblem::line)).toList();
    }

    private static PackageDescr parse(SourceFile file) {
        DrlParser parser = new DrlParser(LanguageLevelOption.DRL6);
        try {
            PackageDescr parsed = parser.parse(false, file.text());
            if (!parser.hasErrors() && parsed != null) {
                return parsed;
            }
            for (DroolsError error : parser.getErrors()) {
                if (error instanceof ParserError located) {
                    file.reject(located.getRow(), located.getCol() + 1, located.getMessage());
                } else {
                    file.reject(0, 0, error.getMessage());
                }
            }
            if (!file.hasProblems()) {
                file.reject(0, 0, "the file could not be parsed");
            }
        } catch (DroolsParserException e) {
            file.reject(0, 0, "the file could not be parsed: " + e.getMessage());
        }
        return null;
    }

    private static void checkPackage(SourceFile file, PackageDescr pkg) {
        if (!FactModel.PACKAGE.equals(pkg.getName())) {
            file.reject(1, 0, "the file must declare 'package " + FactModel.PACKAGE + ";', but declared '"
                    + pkg.getName() + "'");
        }
        for (ImportDescr imported : pkg.getImports()) {
            if (!FactModel.IMPORTS.contains(imported.getTarget())) {
                file.reject(imported.getLine(), 0, "import '" + imported.getTarget()
                        + "' is outside the fact model (allowed: " + String.join(", ", FactModel.IMPORTS.stream().sorted().toList()) + ")");
            }
        }
        rejectAll(file, pkg.getFunctionImports(), "function imports ('import function …')");
        rejectAll(file, pkg.getAccumulateImports(), "accumulate function imports");
        rejectAll(file, pkg.getGlobals(), "globals");
        rejectAll(file, pkg.getFunctions(), "functions (they run arbitrary Java)");
        rejectAll(file, pkg.getTypeDeclarations(), "type declarations ('declare')");
        rejectAll(file, pkg.getEnumDeclarations(), "enum declarations");
        rejectAll(file, List.copyOf(pkg.getEntryPointDeclarations()), "entry-point declarations");
        rejectAll(file, List.copyOf(pkg.getWindowDeclarations()), "window declarations");
        rejectAll(file, pkg.getAttributes(), "package-level attributes (like dialect)");
        if (pkg.getUnit() != null) {
            file.reject(pkg.getUnit().getLine(), 0, "rule units are not allowed");
        }
        if (pkg.getRules().isEmpty() && !file.hasProblems()) {
            file.reject(0, 0, "the file has no rules");
        }
        RuleChecker rules = new RuleChecker(file);
        for (RuleDescr rule : pkg.getRules()) {
            rules.check(rule);
        }
    }

    /** The declared name, for messages: a function's or a global's name, a declared type's. */
    private static String label(BaseDescr descr) {
        String name = descr instanceof FunctionDescr function ? function.getName()
                : descr instanceof GlobalDescr global ? global.getIdentifier()
                : descr instanceof AbstractClassTypeDeclarationDescr type ? type.getTypeName()
                : null;
        return name == null ? "" : " ('" + name + "')";
    }

    private static void rejectAll(SourceFile file, List<? extends BaseDescr> descrs, String what) {
        for (BaseDescr descr : descrs) {
            String name = label(descr);
            file.reject(Math.max(descr.getLine(), 0), 0, what + " are not allowed" + name);
        }
    }
}
