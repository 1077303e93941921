package com.cascade4arm.rules.semantic;

import com.cascade4arm.rules.score.LabelledPrompts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Build step (exec-maven-plugin, phase process-classes): embeds the labelled prompts and trains the semantic head on
 * their routes, written to the classes directory so the jar ships it. Arguments: the labelled prompts JSON, the file.
 */
public final class TrainSemanticHead {

    private TrainSemanticHead() {
    }

    public static void main(String[] args) throws IOException, NoSuchAlgorithmException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: TrainSemanticHead <labelled-prompts.json> <head.bin>, but got "
                    + args.length + " argument(s)");
        }
        long started = System.nanoTime();
        SemanticHead head = SemanticHeadTrainer.train(LabelledPrompts.read(Path.of(args[0])), MiniLmEncoder.shared());
        byte[] bytes = head.toBytes();
        Path target = Path.of(args[1]);
        Files.createDirectories(target.toAbsolutePath().getParent());
        Files.write(target, bytes);
        System.out.printf("semantic head: %d dimensions, %d bytes, sha256 %s, %d ms -> %s%n", head.dimensions(),
                bytes.length, HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)),
                (System.nanoTime() - started) / 1_000_000, target);
    }
}
