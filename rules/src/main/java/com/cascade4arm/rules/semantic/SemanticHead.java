package com.cascade4arm.rules.semantic;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The classifier head on the sentence embedding: a logistic regression giving P(the large model is needed). Trained at
 * build time on the labelled prompts ({@link TrainSemanticHead}). File: big-endian {@code C4SH}, format, dimensions,
 * bias, then the weights as 32-bit floats. Same head, same bytes. Immutable.
 */
public final class SemanticHead {

    /** Class-path resource the build writes the trained head to. */
    public static final String RESOURCE = "com/cascade4arm/rules/semantic/semantic-head.bin";

    private static final int MAGIC = 0x43345348; // "C4SH"
    private static final int FORMAT = 1;

    private final float bias;
    private final float[] weights;

    SemanticHead(float bias, float[] weights) {
        this.bias = bias;
        this.weights = weights.clone();
    }

    /** The head built with this jar; null when the build did not write it (an IDE build): the fact then stays off. */
    public static SemanticHead bundled() {
        return Bundled.HEAD;
    }

    public int dimensions() {
        return weights.length;
    }

    /** P(large) for an embedding of {@link #dimensions()} values. */
    public double largeProbability(float[] embedding) {
        if (embedding.length != weights.length) {
            throw new IllegalArgumentException("embedding must have " + weights.length + " values, but had "
                    + embedding.length);
        }
        double logit = bias;
        for (int i = 0; i < weights.length; i++) {
            logit += weights[i] * (double) embedding[i];
        }
        return 1 / (1 + StrictMath.exp(-logit));
    }

    public byte[] toBytes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(16 + 4 * weights.length);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(MAGIC);
            out.writeInt(FORMAT);
            out.writeInt(weights.length);
            out.writeFloat(bias);
            for (float w : weights) {
                out.writeFloat(w);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        return bytes.toByteArray();
    }

    public static SemanticHead fromBytes(byte[] bytes) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            if (in.readInt() != MAGIC || in.readInt() != FORMAT) {
                throw new IllegalStateException("not a semantic head file of format " + FORMAT);
            }
            int dimensions = in.readInt();
            if (dimensions < 1 || dimensions > 16_384) {
                throw new IllegalStateException("semantic head has " + dimensions + " dimensions (1 to 16384 expected)");
            }
            float bias = in.readFloat();
            float[] weights = new float[dimensions];
            for (int i = 0; i < dimensions; i++) {
                weights[i] = in.readFloat();
            }
            if (in.read() != -1) {
                throw new IllegalStateException("semantic head has bytes after its last weight");
            }
            return new SemanticHead(bias, weights);
        } catch (IOException e) {
            throw new IllegalStateException("semantic head file is truncated or unreadable: " + e.getMessage(), e);
        }
    }

    private static final class Bundled {
        static final SemanticHead HEAD = load();

        private static SemanticHead load() {
            try (InputStream in = SemanticHead.class.getClassLoader().getResourceAsStream(RESOURCE)) {
                return in == null ? null : fromBytes(in.readAllBytes());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the semantic head " + RESOURCE, e);
            }
        }
    }
}
