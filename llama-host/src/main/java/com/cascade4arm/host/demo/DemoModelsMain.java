package com.cascade4arm.host.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Command line to pre-generate the demo models: {@code DemoModelsMain [--dir D] [--model ID]...} generates (or finds)
 * the models in the cache directory and prints one line per model: id, path, size and seconds taken.
 */
public final class DemoModelsMain {
    static final int EXIT_USAGE = 2;

    private DemoModelsMain() {
    }

    public static void main(String[] args) {
        Path dir = DemoModels.defaultCacheDir();
        List<DemoModel> models = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if ("--dir".equals(args[i]) && i + 1 < args.length) {
                dir = Path.of(args[++i]);
            } else if ("--model".equals(args[i]) && i + 1 < args.length) {
                models.add(modelWithId(args[++i]));
            } else {
                usage("unknown argument '" + args[i] + "'");
            }
        }
        for (DemoModel model : models.isEmpty() ? List.of(DemoModel.values()) : models) {
            long start = System.nanoTime();
            Path path = DemoModels.ensure(model, dir);
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf(Locale.ROOT, "%-10s %s  %.1f MiB  %.1f s%n", model.id(), path, size(path) / 1048576.0, seconds);
        }
        // llama.cpp leaves a non-daemon native thread behind once a model was loaded for verification
        System.exit(0);
    }

    private static DemoModel modelWithId(String id) {
        return Arrays.stream(DemoModel.values()).filter(model -> model.id().equals(id)).findFirst()
                .orElseGet(() -> {
                    usage("--model must be one of " + Arrays.stream(DemoModel.values()).map(DemoModel::id).toList()
                            + ", but was '" + id + "'");
                    return null;
                });
    }

    private static void usage(String problem) {
        System.err.println(problem);
        System.err.println("usage: DemoModelsMain [--dir DIRECTORY] [--model ID]...  (default directory "
                + DemoModels.defaultCacheDir() + ", env " + DemoModels.MODELS_DIR_ENV + "; default: all models)");
        System.exit(EXIT_USAGE);
    }

    private static long size(Path path) {
        try {
            return Files.size(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
