package com.cascade4arm.demomodels;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Command line to pre-generate the demo models: {@code DemoModelsMain [--dir D] [--model ID]...} generates (or finds)
 * the models in the cache directory and prints one line per model: id, path, size and seconds taken.
 */
@Command(name = "DemoModelsMain", mixinStandardHelpOptions = true,
        description = "Generates (or finds) the demo models in a cache directory; prints id, path, size and seconds per model.")
public final class DemoModelsMain implements Callable<Integer> {

    @Option(names = "--dir", paramLabel = "DIRECTORY",
            description = "cache directory (default ${DEFAULT-VALUE}; env " + DemoModels.MODELS_DIR_ENV + ")")
    Path dir = DemoModels.defaultCacheDir();

    @Option(names = "--model", paramLabel = "ID", converter = ModelId.class,
            description = "only this model, repeatable: demo-0.5b, demo-1.5b or demo-3b (default: all)")
    List<DemoModel> models = new ArrayList<>();

    public static void main(String[] args) {
        // Always an explicit exit: llama.cpp leaves a non-daemon native thread behind once a model was loaded for
        // verification. Usage errors exit with picocli's 2 after naming the bad argument.
        System.exit(new CommandLine(new DemoModelsMain()).execute(args));
    }

    @Override
    public Integer call() throws IOException {
        for (DemoModel model : models.isEmpty() ? List.of(DemoModel.values()) : models) {
            long start = System.nanoTime();
            Path path = DemoModels.ensure(model, dir);
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf(Locale.ROOT, "%-10s %s  %.1f MiB  %.1f s%n", model.id(), path, Files.size(path) / 1048576.0, seconds);
        }
        return CommandLine.ExitCode.OK;
    }

    /** A model named by its id, as the hosts and the gateway name it. */
    static final class ModelId implements CommandLine.ITypeConverter<DemoModel> {
        @Override
        public DemoModel convert(String id) {
            return Arrays.stream(DemoModel.values()).filter(model -> model.id().equals(id)).findFirst()
                    .orElseThrow(() -> new CommandLine.TypeConversionException("must be one of "
                            + Arrays.stream(DemoModel.values()).map(DemoModel::id).toList() + ", but was '" + id + "'"));
        }
    }
}
