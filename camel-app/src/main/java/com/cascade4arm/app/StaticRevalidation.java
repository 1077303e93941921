package com.cascade4arm.app;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.impl.MimeMapping;
import io.vertx.ext.web.RoutingContext;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Makes the console's static files cheap to load again: each answer carries a strong {@code ETag} (a hash of the
 * file's bytes, computed once: the files ship inside the jar and never change while it runs) and
 * {@code Cache-Control: no-cache}, so a browser keeps its copy and asks "still this one?" on each visit; a matching
 * {@code If-None-Match} is answered 304 without a body. The file names carry no version, hence revalidation rather
 * than a long max-age. Unknown paths go on to the static handler (which answers 404).
 */
final class StaticRevalidation {
    /** Revalidate on every use: the names are not versioned, so a stored copy may be stale after an upgrade. */
    static final String CACHE_CONTROL = "no-cache";
    /** Hex characters of the SHA-256 kept in the ETag (64 bits: collisions among a few dozen files are no concern). */
    private static final int ETAG_HEX_CHARS = 16;

    private final String root;
    private final String indexPage;
    private final Map<String, Optional<String>> etags = new ConcurrentHashMap<>();

    StaticRevalidation(String root, String indexPage) {
        this.root = root;
        this.indexPage = indexPage;
    }

    void handle(RoutingContext ctx) {
        String path = ctx.normalizedPath();
        if (path.contains("..") || path.contains("\\")) {
            ctx.next();
            return;
        }
        String resource = root + (path.endsWith("/") ? path + indexPage : path);
        Optional<String> etag = etags.computeIfAbsent(resource, StaticRevalidation::etagOf);
        if (etag.isEmpty()) {
            ctx.next();
            return;
        }
        ctx.response().putHeader(HttpHeaders.ETAG, etag.get()).putHeader(HttpHeaders.CACHE_CONTROL, CACHE_CONTROL);
        if (ctx.request().method() == HttpMethod.HEAD) {
            // The static handler sends no Content-Type on HEAD; a HEAD says what the GET would.
            String type = MimeMapping.getMimeTypeForFilename(resource);
            if (type != null) {
                ctx.response().putHeader(HttpHeaders.CONTENT_TYPE,
                        type.startsWith("text/") ? type + ";charset=UTF-8" : type);
            }
        }
        if (matches(ctx.request().getHeader(HttpHeaders.IF_NONE_MATCH), etag.get())) {
            ctx.response().setStatusCode(304).end();
            return;
        }
        ctx.next();
    }

    /** If-None-Match: a list of tags or {@code *}; weak tags compare as their strong form (RFC 9110 weak comparison). */
    static boolean matches(String ifNoneMatch, String etag) {
        if (ifNoneMatch == null || ifNoneMatch.isBlank()) {
            return false;
        }
        for (String candidate : ifNoneMatch.split(",")) {
            String tag = candidate.trim();
            if (tag.equals("*") || tag.equals(etag) || tag.equals("W/" + etag)) {
                return true;
            }
        }
        return false;
    }

    private static Optional<String> etagOf(String resource) {
        ClassLoader loader = StaticRevalidation.class.getClassLoader();
        if (resource.endsWith("/") || loader.getResource(resource) == null) {
            return Optional.empty();
        }
        try (InputStream in = loader.getResourceAsStream(resource)) {
            if (in == null) {
                return Optional.empty();
            }
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(in.readAllBytes());
            return Optional.of('"' + HexFormat.of().formatHex(hash).substring(0, ETAG_HEX_CHARS) + '"');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
