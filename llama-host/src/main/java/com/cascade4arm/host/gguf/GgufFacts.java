package com.cascade4arm.host.gguf;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What a GGUF file says about its model, read from the header only (metadata and tensor descriptions, no weights): the
 * quantization ({@code general.file_type} named as llama.cpp names it), the parameter count (elements of all tensors,
 * as llama.cpp's {@code llama_model_n_params}), the trained context length, embedding width and vocabulary size. Our
 * host reports them in {@code /props} and {@code /v1/models} the way llama-server does ({@code model_ftype},
 * {@code meta.n_params}, {@code meta.ftype}, …), so the gateway reads the same facts from either engine.
 */
public record GgufFacts(String ftype, long nParams, Long nCtxTrain, Long nEmbd, Long nVocab) {

    private static final int MAGIC = 0x46554747; // "GGUF" little-endian
    private static final int TYPE_UINT8 = 0, TYPE_INT8 = 1, TYPE_UINT16 = 2, TYPE_INT16 = 3, TYPE_UINT32 = 4,
            TYPE_INT32 = 5, TYPE_FLOAT32 = 6, TYPE_BOOL = 7, TYPE_STRING = 8, TYPE_ARRAY = 9, TYPE_UINT64 = 10,
            TYPE_INT64 = 11, TYPE_FLOAT64 = 12;

    /** Reads the header of {@code file}. */
    public static GgufFacts read(Path file) throws IOException {
        try (InputStream raw = Files.newInputStream(file)) {
            return read(raw);
        }
    }

    static GgufFacts read(InputStream raw) throws IOException {
        LittleEndian in = new LittleEndian(new DataInputStream(new BufferedInputStream(raw, 1 << 16)));
        if (in.int32() != MAGIC) {
            throw new IOException("not a GGUF file (magic mismatch)");
        }
        int version = in.int32();
        if (version < 2) {
            throw new IOException("GGUF version " + version + " is not supported (2 or later)");
        }
        long tensors = in.int64();
        long keys = in.int64();
        Long fileType = null;
        Long ctx = null;
        Long embd = null;
        Long vocab = null;
        String architecture = null;
        for (long k = 0; k < keys; k++) {
            String key = in.string();
            int type = in.int32();
            if (type == TYPE_STRING && key.equals("general.architecture")) {
                architecture = in.string();
            } else if (type == TYPE_ARRAY && key.equals("tokenizer.ggml.tokens")) {
                int elementType = in.int32();
                vocab = in.int64();
                skipElements(in, elementType, vocab);
            } else if (isInteger(type) && (key.equals("general.file_type") || key.endsWith(".context_length")
                    || key.endsWith(".embedding_length"))) {
                long value = integer(in, type);
                if (key.equals("general.file_type")) {
                    fileType = value;
                } else if (architecture == null || key.startsWith(architecture + ".")) {
                    if (key.endsWith(".context_length")) {
                        ctx = value;
                    } else {
                        embd = value;
                    }
                }
            } else {
                skipValue(in, type);
            }
        }
        long params = 0;
        for (long t = 0; t < tensors; t++) {
            in.string();
            int dims = in.int32();
            long elements = 1;
            for (int d = 0; d < dims; d++) {
                elements *= in.int64();
            }
            in.int32(); // ggml type
            in.int64(); // offset
            params += elements;
        }
        return new GgufFacts(fileType == null ? null : FileTypes.name(fileType.intValue()), params, ctx, embd, vocab);
    }

    private static boolean isInteger(int type) {
        return type == TYPE_UINT8 || type == TYPE_INT8 || type == TYPE_UINT16 || type == TYPE_INT16
                || type == TYPE_UINT32 || type == TYPE_INT32 || type == TYPE_UINT64 || type == TYPE_INT64;
    }

    private static long integer(LittleEndian in, int type) throws IOException {
        return switch (type) {
            case TYPE_UINT8 -> in.uint8();
            case TYPE_INT8 -> (byte) in.uint8();
            case TYPE_UINT16 -> in.int16() & 0xFFFF;
            case TYPE_INT16 -> (short) in.int16();
            case TYPE_UINT32 -> in.int32() & 0xFFFF_FFFFL;
            case TYPE_INT32 -> in.int32();
            default -> in.int64();
        };
    }

    private static void skipValue(LittleEndian in, int type) throws IOException {
        if (type == TYPE_ARRAY) {
            int elementType = in.int32();
            skipElements(in, elementType, in.int64());
        } else if (type == TYPE_STRING) {
            in.skip(in.int64());
        } else {
            in.skip(fixedSize(type));
        }
    }

    private static void skipElements(LittleEndian in, int elementType, long count) throws IOException {
        if (elementType == TYPE_STRING || elementType == TYPE_ARRAY) {
            for (long i = 0; i < count; i++) {
                skipValue(in, elementType);
            }
        } else {
            in.skip(count * fixedSize(elementType));
        }
    }

    private static int fixedSize(int type) throws IOException {
        return switch (type) {
            case TYPE_UINT8, TYPE_INT8, TYPE_BOOL -> 1;
            case TYPE_UINT16, TYPE_INT16 -> 2;
            case TYPE_UINT32, TYPE_INT32, TYPE_FLOAT32 -> 4;
            case TYPE_UINT64, TYPE_INT64, TYPE_FLOAT64 -> 8;
            default -> throw new IOException("unknown GGUF value type " + type);
        };
    }

    /** Little-endian primitives over a stream (GGUF is little-endian). */
    private record LittleEndian(DataInputStream in) {
        int uint8() throws IOException {
            return in.readUnsignedByte();
        }

        int int16() throws IOException {
            return Short.reverseBytes(in.readShort());
        }

        int int32() throws IOException {
            return Integer.reverseBytes(in.readInt());
        }

        long int64() throws IOException {
            return Long.reverseBytes(in.readLong());
        }

        String string() throws IOException {
            long length = int64();
            if (length < 0 || length > Integer.MAX_VALUE) {
                throw new IOException("GGUF string length " + length + " is out of range");
            }
            return new String(in.readNBytes((int) length), StandardCharsets.UTF_8);
        }

        void skip(long bytes) throws IOException {
            long left = bytes;
            while (left > 0) {
                long skipped = in.skip(left);
                if (skipped <= 0) {
                    if (in.read() < 0) {
                        throw new EOFException("GGUF header ends early");
                    }
                    skipped = 1;
                }
                left -= skipped;
            }
        }
    }
}
