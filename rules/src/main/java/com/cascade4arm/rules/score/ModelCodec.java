package com.cascade4arm.rules.score;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The model file: big-endian, {@code C4CM}, format version, the feature settings it was trained with (checked on
 * read, so a model from other features is refused), the categories, the biases, then each feature hash in ascending
 * order with its weights as 32-bit floats. Same model, same bytes.
 */
final class ModelCodec {

    private static final int MAGIC = 0x4334434d; // "C4CM"
    private static final int FORMAT = 1;
    private static final int MAX_CATEGORIES = 64;

    private ModelCodec() {
    }

    static byte[] write(List<String> categories, float[] bias, int[] sortedKeys, float[] sortedWeights) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(16 + sortedKeys.length * 4 * (1 + categories.size()));
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(MAGIC);
            out.writeInt(FORMAT);
            for (int setting : featureSettings()) {
                out.writeInt(setting);
            }
            out.writeInt(categories.size());
            for (String category : categories) {
                out.writeUTF(category);
            }
            for (float b : bias) {
                out.writeFloat(b);
            }
            out.writeInt(sortedKeys.length);
            for (int i = 0; i < sortedKeys.length; i++) {
                out.writeInt(sortedKeys[i]);
                for (int k = 0; k < categories.size(); k++) {
                    out.writeFloat(sortedWeights[i * categories.size() + k]);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        return bytes.toByteArray();
    }

    static CategoryModel read(byte[] bytes) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            check("magic", MAGIC, in.readInt());
            check("format", FORMAT, in.readInt());
            for (int expected : featureSettings()) {
                check("feature setting", expected, in.readInt());
            }
            int categoryCount = in.readInt();
            if (categoryCount < 2 || categoryCount > MAX_CATEGORIES) {
                throw new IllegalStateException("category model has " + categoryCount + " categories (2 to "
                        + MAX_CATEGORIES + " expected)");
            }
            List<String> categories = new ArrayList<>();
            for (int k = 0; k < categoryCount; k++) {
                categories.add(in.readUTF());
            }
            float[] bias = new float[categoryCount];
            for (int k = 0; k < categoryCount; k++) {
                bias[k] = in.readFloat();
            }
            int count = in.readInt();
            int[] keys = new int[count];
            float[] weights = new float[count * categoryCount];
            for (int i = 0; i < count; i++) {
                keys[i] = in.readInt();
                if (keys[i] == 0 || i > 0 && keys[i] <= keys[i - 1]) {
                    throw new IllegalStateException("category model keys must be non-zero and ascending, at entry " + i);
                }
                for (int k = 0; k < categoryCount; k++) {
                    weights[i * categoryCount + k] = in.readFloat();
                }
            }
            if (in.read() != -1) {
                throw new IllegalStateException("category model has bytes after its last entry");
            }
            return new CategoryModel(categories, bias, keys, weights);
        } catch (IOException e) {
            throw new IllegalStateException("category model file is truncated or unreadable: " + e.getMessage(), e);
        }
    }

    private static int[] featureSettings() {
        return new int[] {Features.VERSION, Features.HEAD_CHARS, Features.TAIL_CHARS, Features.MIN_GRAM, Features.MAX_GRAM};
    }

    private static void check(String what, int expected, int actual) {
        if (expected != actual) {
            throw new IllegalStateException("category model " + what + " must be " + expected + ", but was " + actual
                    + ": retrain it with this version (mvn process-classes)");
        }
    }
}
