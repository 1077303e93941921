package com.cascade4arm.demomodels.gguf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** An independent GGUF v3 parser for tests: reads back what GgufWriter wrote, following the spec, not the writer. */
public final class GgufReader {
    public final int magic;
    public final int version;
    public final Map<String, Object> metadata = new LinkedHashMap<>();
    public final Map<String, GgufValueType> metadataTypes = new LinkedHashMap<>();
    public final List<TensorInfo> tensors = new ArrayList<>();
    /** Absolute file offset where the tensor data section starts. */
    public final long dataStart;
    private final ByteBuffer file;

    /** One tensor info record; offset is relative to the data section. */
    public record TensorInfo(String name, long[] dims, GgmlType type, long offset) {
        public long elements() {
            long n = 1;
            for (long dim : dims) {
                n *= dim;
            }
            return n;
        }
    }

    private GgufReader(ByteBuffer file) {
        this.file = file;
        magic = file.getInt();
        version = file.getInt();
        long tensorCount = file.getLong();
        long kvCount = file.getLong();
        for (long i = 0; i < kvCount; i++) {
            String key = readString();
            GgufValueType type = GgufValueType.ofCode(file.getInt());
            metadataTypes.put(key, type);
            metadata.put(key, readValue(type));
        }
        for (long i = 0; i < tensorCount; i++) {
            String name = readString();
            long[] dims = new long[file.getInt()];
            for (int d = 0; d < dims.length; d++) {
                dims[d] = file.getLong();
            }
            tensors.add(new TensorInfo(name, dims, GgmlType.ofCode(file.getInt()), file.getLong()));
        }
        int alignment = metadata.containsKey("general.alignment") ? ((Number) metadata.get("general.alignment")).intValue() : 32;
        dataStart = (file.position() + alignment - 1L) / alignment * alignment;
    }

    public static GgufReader read(Path path) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            ByteBuffer buffer = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size()).order(ByteOrder.LITTLE_ENDIAN);
            return new GgufReader(buffer);
        }
    }

    public long fileSize() {
        return file.capacity();
    }

    public TensorInfo tensor(String name) {
        return tensors.stream().filter(t -> t.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no tensor " + name));
    }

    /** Decodes the data of a tensor (must fit in an int-indexed array). */
    public float[] tensorData(String name) {
        TensorInfo info = tensor(name);
        ByteBuffer slice = file.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        slice.position(Math.toIntExact(dataStart + info.offset()));
        return info.type().decode(slice, Math.toIntExact(info.elements()));
    }

    private Object readValue(GgufValueType type) {
        return switch (type) {
            case UINT8, INT8 -> file.get();
            case UINT16, INT16 -> file.getShort();
            case UINT32, INT32 -> file.getInt();
            case UINT64, INT64 -> file.getLong();
            case FLOAT32 -> file.getFloat();
            case FLOAT64 -> file.getDouble();
            case BOOL -> file.get() != 0;
            case STRING -> readString();
            case ARRAY -> {
                GgufValueType elementType = GgufValueType.ofCode(file.getInt());
                long count = file.getLong();
                List<Object> elements = new ArrayList<>();
                for (long i = 0; i < count; i++) {
                    elements.add(readValue(elementType));
                }
                yield elements;
            }
        };
    }

    private String readString() {
        byte[] bytes = new byte[Math.toIntExact(file.getLong())];
        file.get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
