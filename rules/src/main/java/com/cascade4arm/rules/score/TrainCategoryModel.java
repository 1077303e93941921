package com.cascade4arm.rules.score;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Build step (exec-maven-plugin, phase process-classes): trains the category model on the labelled prompts and writes
 * it to the classes directory, so the jar ships it. Arguments: the labelled prompts JSON, the model file to write.
 */
public final class TrainCategoryModel {

    private TrainCategoryModel() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: TrainCategoryModel <labelled-prompts.json> <model.bin>, but got "
                    + args.length + " argument(s)");
        }
        CategoryModel model = CategoryModel.train(LabelledPrompts.read(Path.of(args[0])));
        byte[] bytes = model.toBytes();
        Path target = Path.of(args[1]);
        Files.createDirectories(target.toAbsolutePath().getParent());
        Files.write(target, bytes);
        System.out.printf("category model: %d features, %d bytes, sha256 %s -> %s%n", model.featureCount(), bytes.length,
                Sha256.hex(bytes), target);
    }
}
