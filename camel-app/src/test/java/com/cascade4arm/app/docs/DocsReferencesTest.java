package com.cascade4arm.app.docs;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Markdown files of the repository cannot drift from the code: every backticked Java type, repository path and
 * configuration key they name exists, and configuration tables state the defaults application.properties has. The
 * rules for what counts as a type, a path or a key are in {@link TypeReferences}, {@link PathReferences} and
 * {@link ConfigurationReferences}; fenced code blocks are not read.
 */
class DocsReferencesTest {
    private static final List<Path> DOCS = MarkdownFiles.all();

    private static List<MarkdownFiles.Span> spans() {
        List<MarkdownFiles.Span> spans = new ArrayList<>();
        DOCS.forEach(file -> spans.addAll(MarkdownFiles.spans(file)));
        return spans;
    }

    private static String report(List<String> broken) {
        return broken.size() + " broken reference(s):\n  " + String.join("\n  ", broken);
    }

    @Test
    void readsEveryModuleReadme() {
        assertThat(DOCS).as("Markdown files found from %s", Repo.ROOT)
                .contains(Repo.ROOT.resolve("README.md"), Repo.ROOT.resolve("routes/README.md"),
                        Repo.ROOT.resolve("rules/design.md"), Repo.ROOT.resolve("llama-host/DEMO-MODELS.md"));
    }

    @Test
    void everyBacktickedJavaTypeExists() {
        List<String> broken = TypeReferences.broken(spans());
        assertThat(broken).withFailMessage(report(broken)).isEmpty();
    }

    @Test
    void everyExternalTypeTheDocsMayNameIsOnTheClassPath() {
        for (Map.Entry<String, String> type : TypeReferences.EXTERNAL.entrySet()) {
            assertThat(TypeReferences.loads(type.getValue())).as("%s loads as %s", type.getKey(), type.getValue())
                    .isTrue();
        }
    }

    @Test
    void everyBacktickedRepositoryPathExists() {
        List<String> broken = PathReferences.broken(spans());
        assertThat(broken).withFailMessage(report(broken)).isEmpty();
    }

    @Test
    void everyConfigurationKeyExistsInApplicationProperties() {
        List<String> broken = new ConfigurationReferences().unknownKeys(spans());
        assertThat(broken).withFailMessage(report(broken)).isEmpty();
    }

    @Test
    void configurationTablesStateTheDefaultsAndVariablesOfApplicationProperties() {
        List<MarkdownFiles.Table> tables = new ArrayList<>();
        DOCS.forEach(file -> tables.addAll(MarkdownFiles.tables(file)));
        List<String> broken = new ConfigurationReferences().wrongDefaults(tables);
        assertThat(broken).withFailMessage(report(broken)).isEmpty();
    }

    @Test
    void everyTableRendersAsWritten() {
        List<String> broken = new ArrayList<>();
        DOCS.forEach(file -> broken.addAll(MarkdownFiles.malformedTables(file)));
        assertThat(broken).withFailMessage(report(broken)).isEmpty();
    }

    @Test
    void theRulesRecogniseWhatTheyShould() {
        assertThat(TypeReferences.problem("NoSuchGatewayType")).as("an unknown type").isPresent();
        assertThat(TypeReferences.problem("PoolDispatcher")).as("a repository type").isEmpty();
        assertThat(TypeReferences.problem("RoutingRulebook.noSuchMember")).as("an unknown member").isPresent();
        assertThat(TypeReferences.problem("nosuchpackage.PoolDispatcher")).as("a wrong package").isPresent();
        assertThat(TypeReferences.problem("Allow")).as("a single word is no type").isEmpty();
        assertThat(PathReferences.problem(Repo.ROOT, "bench/scripts/no-such.sh")).isPresent();
        assertThat(PathReferences.problem(Repo.ROOT, "camel-app/target/camel-app.jar")).as("build output").isEmpty();
        ConfigurationReferences config = new ConfigurationReferences();
        assertThat(config.matching("cascade.<tier>.urls")).contains("cascade.small.urls", "cascade.large.urls");
        assertThat(config.matching("cascade.no-such-key")).isEmpty();
    }
}
