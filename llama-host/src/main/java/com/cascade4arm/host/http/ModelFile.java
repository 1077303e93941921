package com.cascade4arm.host.http;

import com.cascade4arm.host.gguf.GgufFacts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The served GGUF's header facts, read once per file (the header of a large model is megabytes of tokenizer). */
final class ModelFile {
    private static final Map<Path, GgufFacts> FACTS = new ConcurrentHashMap<>();

    private ModelFile() {
    }

    static GgufFacts facts(Path model) {
        return FACTS.computeIfAbsent(model, file -> {
            try {
                return GgufFacts.read(file);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the GGUF header of " + file, e);
            }
        });
    }
}
