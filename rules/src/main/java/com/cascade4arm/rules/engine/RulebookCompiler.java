package com.cascade4arm.rules.engine;

import com.cascade4arm.rules.RuleProblem;
import com.cascade4arm.rules.RulebookCompileException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import org.drools.compiler.kie.builder.impl.DrlProject;
import org.kie.api.KieBase;
import org.kie.api.KieServices;
import org.kie.api.builder.KieBuilder;
import org.kie.api.builder.KieFileSystem;
import org.kie.api.builder.Message;
import org.kie.api.builder.ReleaseId;

/**
 * Compiles named DRL files into a {@link KieBase} with the classic (non-executable-model) DRL compiler, turning every
 * builder message into a {@link RuleProblem}. Each compile gets its own release id, so concurrent compiles cannot clash.
 * The keyword and phrase lists' constraints then get plain-Java evaluators ({@link KeywordConstraints}).
 */
public final class RulebookCompiler {

    /** Where DRL files go inside the in-memory KIE module: the folder matching their {@code package}. */
    public static final String RULES_FOLDER = "com/cascade4arm/rules/";

    private static final Pattern FILE_NAME = Pattern.compile("[a-z0-9]+(?:-[a-z0-9]+)*\\.drl");
    private static final String MODULE_ROOT = "src/main/resources/";
    private static final AtomicLong COMPILE_COUNTER = new AtomicLong();

    private RulebookCompiler() {
    }

    /**
     * @throws RulebookCompileException with every problem when a file name is not kebab-case {@code .drl} or Drools reports
     *                                  any message (errors and warnings alike)
     */
    public static KieBase compile(Map<String, String> drlFilesByName) {
        KieBase kieBase = compileWithDroolsEvaluators(drlFilesByName);
        KeywordConstraints.install(kieBase);
        return kieBase;
    }

    /** The KieBase as Drools builds it, every constraint evaluated by Drools: the reference its tests compare with. */
    static KieBase compileWithDroolsEvaluators(Map<String, String> drlFilesByName) {
        if (drlFilesByName == null || drlFilesByName.isEmpty()) {
            throw new IllegalArgumentException("drlFilesByName must contain at least one DRL file, but was empty");
        }
        checkFileNames(drlFilesByName);
        KieServices services = KieServices.Factory.get();
        ReleaseId releaseId = services.newReleaseId("com.cascade4arm", "routing-rulebook",
                "1.0." + COMPILE_COUNTER.incrementAndGet());
        KieFileSystem files = services.newKieFileSystem().generateAndWritePomXML(releaseId);
        Map<String, String> nameByPath = new HashMap<>();
        drlFilesByName.forEach((name, drl) -> {
            nameByPath.put(RULES_FOLDER + name, name); // messages give the path below the module root
            files.write(MODULE_ROOT + RULES_FOLDER + name, drl == null ? "" : drl);
        });
        KieBuilder builder = services.newKieBuilder(files).buildAll(DrlProject.class);
        List<Message> messages = builder.getResults().getMessages();
        try {
            if (!messages.isEmpty()) {
                throw new RulebookCompileException(messages.stream().map(m -> toProblem(m, nameByPath)).toList());
            }
            return services.newKieContainer(releaseId).getKieBase();
        } finally {
            services.getRepository().removeKieModule(releaseId);
        }
    }

    private static void checkFileNames(Map<String, String> drlFilesByName) {
        List<RuleProblem> problems = new ArrayList<>();
        for (String name : drlFilesByName.keySet()) {
            if (name == null || !FILE_NAME.matcher(name).matches()) {
                problems.add(new RuleProblem(String.valueOf(name), 0, 0,
                        "file name must be kebab-case and end with .drl (like category-routing.drl), but was '" + name + "'"));
            }
        }
        if (!problems.isEmpty()) {
            throw new RulebookCompileException(problems);
        }
    }

    private static RuleProblem toProblem(Message message, Map<String, String> nameByPath) {
        String path = message.getPath();
        String file = path == null ? "" : nameByPath.getOrDefault(path, path);
        String text = message.getLevel() == Message.Level.ERROR ? message.getText()
                : message.getLevel().name().toLowerCase() + ": " + message.getText();
        return new RuleProblem(file, Math.max(message.getLine(), 0), Math.max(message.getColumn(), 0), text);
    }
}
