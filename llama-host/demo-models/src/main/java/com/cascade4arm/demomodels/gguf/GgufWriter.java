package com.cascade4arm.demomodels.gguf;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Writes a GGUF v3 file (header, typed metadata, tensor infos, aligned tensor data) in plain Java, so the project can
 * produce llama.cpp models without Python. Output is a pure function of what was added: same input, same bytes.
 */
public final class GgufWriter {
    /** "GGUF" read as a little-endian uint32. */
    public static final int MAGIC = 0x4655_4747;
    public static final int VERSION = 3;
    /** Default alignment of the data section and of each tensor (general.alignment), in bytes. */
    public static final int ALIGNMENT = 32;

    private final Map<String, MetadataValue> metadata = new LinkedHashMap<>();
    private final List<TensorEntry> tensors = new ArrayList<>();

    /** One metadata value; for ARRAY, {@code elementType} names the type of the list elements. */
    private record MetadataValue(GgufValueType type, GgufValueType elementType, Object value) {
    }

    /** A tensor to write; dims are in ggml order (innermost first), data is produced lazily while writing. */
    public record TensorEntry(String name, GgmlType type, long[] dims, Supplier<float[]> data) {
        public long elements() {
            return Arrays.stream(dims).reduce(1, Math::multiplyExact);
        }

        public long byteSize() {
            return type.byteSize(dims[0], elements());
        }
    }

    public GgufWriter put(String key, GgufValueType type, Object value) {
        if (type == GgufValueType.ARRAY) {
            throw new IllegalArgumentException("use putArray for array metadata, key " + key);
        }
        return add(key, new MetadataValue(type, null, value));
    }

    public GgufWriter putString(String key, String value) {
        return put(key, GgufValueType.STRING, value);
    }

    public GgufWriter putUInt32(String key, int value) {
        return put(key, GgufValueType.UINT32, value);
    }

    public GgufWriter putFloat32(String key, float value) {
        return put(key, GgufValueType.FLOAT32, value);
    }

    public GgufWriter putBool(String key, boolean value) {
        return put(key, GgufValueType.BOOL, value);
    }

    /** An array metadata value; elements must be of the Java type matching {@code elementType} (Integer for INT32…). */
    public GgufWriter putArray(String key, GgufValueType elementType, List<?> elements) {
        if (elementType == GgufValueType.ARRAY) {
            throw new IllegalArgumentException("nested arrays are not supported, key " + key);
        }
        return add(key, new MetadataValue(GgufValueType.ARRAY, elementType, List.copyOf(elements)));
    }

    public GgufWriter addTensor(String name, GgmlType type, long[] dims, Supplier<float[]> data) {
        if (tensors.stream().anyMatch(t -> t.name().equals(name))) {
            throw new IllegalArgumentException("duplicate tensor name " + name);
        }
        TensorEntry entry = new TensorEntry(name, type, dims.clone(), data);
        entry.byteSize(); // validates the row length against the type's block size
        tensors.add(entry);
        return this;
    }

    public List<TensorEntry> tensors() {
        return List.copyOf(tensors);
    }

    /** Writes the whole file to {@code channel}; returns the number of bytes written. */
    public long writeTo(WritableByteChannel channel) throws IOException {
        LittleEndianBuffer head = new LittleEndianBuffer();
        head.put(MAGIC, 4).put(VERSION, 4).put(tensors.size(), 8).put(metadata.size(), 8);
        metadata.forEach((key, value) -> {
            head.putString(key);
            writeValue(head, value);
        });
        long offset = 0;
        for (TensorEntry tensor : tensors) {
            head.putString(tensor.name()).put(tensor.dims().length, 4);
            for (long dim : tensor.dims()) {
                head.put(dim, 8);
            }
            head.put(tensor.type().code(), 4).put(offset, 8);
            offset = alignUp(offset + tensor.byteSize());
        }
        head.writeBytes(new byte[Math.toIntExact(alignUp(head.size()) - head.size())]);
        long written = writeFully(channel, ByteBuffer.wrap(head.toByteArray()));
        for (TensorEntry tensor : tensors) {
            written += writeTensor(channel, tensor);
        }
        return written;
    }

    private long writeTensor(WritableByteChannel channel, TensorEntry tensor) throws IOException {
        float[] values = tensor.data().get();
        if (values.length != tensor.elements()) {
            throw new IllegalStateException("tensor " + tensor.name() + " expects " + tensor.elements()
                    + " values, but its data had " + values.length);
        }
        long size = tensor.byteSize();
        ByteBuffer buffer = ByteBuffer.allocate(Math.toIntExact(alignUp(size))).order(ByteOrder.LITTLE_ENDIAN);
        tensor.type().encode(values, buffer);
        buffer.position(buffer.capacity()).flip(); // the tail up to the alignment stays zero
        return writeFully(channel, buffer);
    }

    private GgufWriter add(String key, MetadataValue value) {
        if (metadata.putIfAbsent(key, value) != null) {
            throw new IllegalArgumentException("duplicate metadata key " + key);
        }
        return this;
    }

    private static void writeValue(LittleEndianBuffer out, MetadataValue value) {
        out.put(value.type().code(), 4);
        if (value.type() == GgufValueType.ARRAY) {
            List<?> elements = (List<?>) value.value();
            out.put(value.elementType().code(), 4).put(elements.size(), 8);
            elements.forEach(element -> writeScalar(out, value.elementType(), element));
        } else {
            writeScalar(out, value.type(), value.value());
        }
    }

    private static void writeScalar(LittleEndianBuffer out, GgufValueType type, Object value) {
        switch (type) {
            case FLOAT32 -> out.put(Float.floatToRawIntBits(((Number) value).floatValue()), 4);
            case FLOAT64 -> out.put(Double.doubleToRawLongBits(((Number) value).doubleValue()), 8);
            case BOOL -> out.put((Boolean) value ? 1 : 0, 1);
            case STRING -> out.putString((String) value);
            case ARRAY -> throw new IllegalArgumentException("nested arrays are not supported");
            default -> out.put(((Number) value).longValue(), type.fixedSize()); // the integer types, signed or not
        }
    }

    static long alignUp(long offset) {
        return (offset + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT;
    }

    private static long writeFully(WritableByteChannel channel, ByteBuffer buffer) throws IOException {
        long count = buffer.remaining();
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
        return count;
    }

    /** Growable little-endian byte sink for the header part of the file. */
    private static final class LittleEndianBuffer extends ByteArrayOutputStream {
        /** The low {@code bytes} bytes of {@code value}, least significant first. */
        LittleEndianBuffer put(long value, int bytes) {
            for (int i = 0; i < bytes; i++) {
                write((int) (value >>> (8 * i)));
            }
            return this;
        }

        LittleEndianBuffer putString(String value) {
            byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
            put(bytes.length, 8).writeBytes(bytes);
            return this;
        }
    }
}
