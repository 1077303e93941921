package com.cascade4arm.rules.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The on-disk JSON of versions and of the active pointer, and the checks that decide whether a file is damaged:
 * unreadable JSON, a missing field, a number that disagrees with the file name, or files that do not hash to sha256.
 */
final class VersionCodec {

    static final int FORMAT = 1;
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private VersionCodec() {
    }

    static byte[] encode(RuleVersion version) {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        root.put("version", version.version());
        root.put("author", version.author());
        root.put("comment", version.comment());
        root.put("created_at", version.createdAt().toString());
        root.put("base_version", version.baseVersion());
        root.put("restored_from", version.restoredFrom());
        root.put("sha256", version.sha256());
        ArrayNode files = root.putArray("files");
        version.files().forEach((name, content) -> files.addObject().put("name", name).put("content", content));
        return bytes(root);
    }

    /** @throws DamagedException naming what is wrong */
    static RuleVersion decode(byte[] bytes, long expectedVersion) {
        JsonNode root = parse(bytes);
        require(root.path("format").asInt() == FORMAT, "format must be " + FORMAT + ", but was " + root.path("format"));
        require(root.path("version").canConvertToLong() && root.path("version").asLong() == expectedVersion,
                "the file name says version " + expectedVersion + ", but the content says " + root.path("version"));
        require(root.path("sha256").isTextual(), "sha256 is missing");
        require(root.path("created_at").isTextual(), "created_at is missing");
        require(root.path("files").isArray() && !root.path("files").isEmpty(), "files are missing");
        Map<String, String> files = new LinkedHashMap<>();
        for (JsonNode file : root.path("files")) {
            require(file.path("name").isTextual() && file.path("content").isTextual(), "a file lacks its name or content");
            require(files.put(file.path("name").asText(), file.path("content").asText()) == null,
                    "file " + file.path("name").asText() + " appears twice");
        }
        String sha = root.path("sha256").asText();
        String actual = ContentHash.sha256(files);
        require(sha.equals(actual), "sha256 mismatch: recorded " + sha + ", content hashes to " + actual);
        Instant created;
        try {
            created = Instant.parse(root.path("created_at").asText());
        } catch (DateTimeParseException e) {
            throw new DamagedException("created_at is not an ISO-8601 instant: " + root.path("created_at").asText());
        }
        return new RuleVersion(expectedVersion, text(root, "author"), text(root, "comment"), created,
                number(root, "base_version"), number(root, "restored_from"), sha, files);
    }

    /** A cached copy: a version file whose number the content names (there is no file name to agree with). */
    static byte[] encodeCached(RuleVersion version) {
        return encode(version);
    }

    /** @throws DamagedException naming what is wrong */
    static RuleVersion decodeCached(byte[] bytes) {
        JsonNode version = parse(bytes).path("version");
        require(version.canConvertToLong(), "the cached copy names no version");
        return decode(bytes, version.asLong());
    }

    static byte[] encodePointer(long version, Instant updatedAt) {
        return bytes(JSON.createObjectNode().put("version", version).put("updated_at", updatedAt.toString()));
    }

    /** @throws DamagedException when the pointer is unreadable */
    static long decodePointer(byte[] bytes) {
        JsonNode version = parse(bytes).path("version");
        require(version.canConvertToLong() && version.asLong() >= 1, "the active pointer holds no version number");
        return version.asLong();
    }

    private static JsonNode parse(byte[] bytes) {
        try {
            JsonNode root = JSON.readTree(bytes);
            require(root != null && root.isObject(), "not a JSON object");
            return root;
        } catch (IOException e) {
            String where = e instanceof JsonProcessingException json && json.getLocation() != null
                    ? " at line " + json.getLocation().getLineNr() + ", column " + json.getLocation().getColumnNr() : "";
            throw new DamagedException("not valid JSON" + where + " (truncated or edited?)");
        }
    }

    private static byte[] bytes(JsonNode node) {
        try {
            return JSON.writeValueAsBytes(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON", e);
        }
    }

    private static String text(JsonNode root, String field) {
        return root.path(field).isTextual() ? root.path(field).asText() : null;
    }

    private static Long number(JsonNode root, String field) {
        return root.path(field).canConvertToLong() ? root.path(field).asLong() : null;
    }

    private static void require(boolean condition, String damage) {
        if (!condition) {
            throw new DamagedException(damage);
        }
    }

    /** A stored file that cannot be trusted, with the reason. */
    static final class DamagedException extends RuntimeException {
        DamagedException(String message) {
            super(message, null, false, false);
        }
    }
}
