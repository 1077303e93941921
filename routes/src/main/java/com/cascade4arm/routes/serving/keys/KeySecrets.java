package com.cascade4arm.routes.serving.keys;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Key secrets: {@code sk-c4a-<prefix>.<random>}. The prefix (public) finds the key; the whole secret is checked against
 * SHA-256(salt ‖ secret) in constant time. SHA-256 over PBKDF2: the secret is 256 random bits, not a password, so a
 * slow hash buys nothing against guessing and would cost every request.
 */
public final class KeySecrets {
    public static final String SCHEME = "sk-c4a-";
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Base64.Encoder URL = Base64.getUrlEncoder().withoutPadding();

    private KeySecrets() {
    }

    /** A new prefix: 8 hex characters, unique enough to find a key and short enough to read in a log. */
    public static String newPrefix() {
        byte[] bytes = new byte[4];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** The secret handed to the client once: scheme, prefix, a dot, then 32 random bytes. */
    public static String newSecret(String prefix) {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return SCHEME + prefix + "." + URL.encodeToString(bytes);
    }

    public static String newSalt() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return URL.encodeToString(bytes);
    }

    public static String hash(String salt, String secret) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(salt.getBytes(StandardCharsets.UTF_8));
            return URL.encodeToString(sha.digest(secret.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** Constant time in the hash's length: the comparison must not tell how much of a guess was right. */
    public static boolean matches(ApiKey key, String secret) {
        return MessageDigest.isEqual(hash(key.salt(), secret).getBytes(StandardCharsets.US_ASCII),
                key.hash().getBytes(StandardCharsets.US_ASCII));
    }

    /** The prefix of a presented secret, or null when it is not one of ours. */
    public static String prefixOf(String secret) {
        if (secret == null || !secret.startsWith(SCHEME)) {
            return null;
        }
        int dot = secret.indexOf('.', SCHEME.length());
        return dot <= SCHEME.length() ? null : secret.substring(SCHEME.length(), dot);
    }
}
