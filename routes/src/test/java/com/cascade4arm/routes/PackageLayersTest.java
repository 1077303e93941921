package com.cascade4arm.routes;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleName;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * Keeps the cut of routes/design.md ("Packages"): the request path ({@code serving}) knows nothing of the operator APIs
 * ({@code operator}) or of shared state ({@code state}); operator APIs reach shared state only through their own
 * interfaces (RuleVersions, RunHistory), which {@code state} implements; only the wiring knows every part.
 */
class PackageLayersTest {
    private static JavaClasses routes;

    @BeforeAll
    static void importMainClasses() {
        routes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("com.cascade4arm.routes");
    }

    @Test
    void layersDependOnlyDownwards() {
        // RouteIds is the routes' shared vocabulary (route ids = direct: names = metrics tags), not wiring.
        DescribedPredicate<JavaClass> wiring = resideInAPackage("com.cascade4arm.routes")
                .and(DescribedPredicate.not(simpleName("RouteIds")))
                .or(resideInAPackage("com.cascade4arm.routes.warmup.."));
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("Wiring").definedBy(wiring)
                .layer("Config").definedBy("com.cascade4arm.routes.config..")
                .layer("State").definedBy("com.cascade4arm.routes.state..")
                .layer("Operator").definedBy("com.cascade4arm.routes.operator..")
                .layer("Serving").definedBy("com.cascade4arm.routes.serving..")
                .whereLayer("Wiring").mayNotBeAccessedByAnyLayer()
                .whereLayer("State").mayOnlyBeAccessedByLayers("Wiring", "Config")
                .whereLayer("Operator").mayOnlyBeAccessedByLayers("Wiring", "Config", "State")
                .whereLayer("Serving").mayOnlyBeAccessedByLayers("Wiring", "Config", "State", "Operator")
                .check(routes);
    }

    @Test
    void requestPathNeverTouchesTheDatabase() {
        noClasses().that().resideInAPackage("com.cascade4arm.routes.serving..")
                .should().dependOnClassesThat().resideInAnyPackage("org.flywaydb..", "org.postgresql..", "org.quartz..",
                        "com.zaxxer.hikari..", "java.sql..")
                .check(routes);
    }

    @Test
    void everyClassLivesInAPart() {
        classes().that().resideInAPackage("com.cascade4arm.routes..")
                .should().resideInAnyPackage("com.cascade4arm.routes", "com.cascade4arm.routes.warmup..",
                        "com.cascade4arm.routes.config..", "com.cascade4arm.routes.state..",
                        "com.cascade4arm.routes.operator..", "com.cascade4arm.routes.serving..")
                .because("a new package belongs in serving, operator or state (routes/design.md, \"Packages\")")
                .check(routes);
    }
}
