package com.cascade4arm.routes.serving.http;

import com.cascade4arm.openai.ApiError;
import org.apache.camel.Processor;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * Guards admin operations (rule edits, benchmark triggers) with a bearer token. Without a configured token those
 * operations are disabled, and the API says so, rather than open to anyone.
 */
public final class AdminAuth {
    private final String token;

    /** {@code token} from cascade.admin.token / CASCADE_ADMIN_TOKEN; null or blank disables admin operations. */
    public AdminAuth(String token) {
        this.token = token == null || token.isBlank() ? null : token.trim();
    }

    public boolean enabled() {
        return token != null;
    }

    /** Whether the Authorization header carries the admin token (false when admin is disabled); constant time. */
    public boolean presentedBy(String authorizationHeader) {
        if (token == null) {
            return false;
        }
        String presented = authorizationHeader != null && authorizationHeader.regionMatches(true, 0, "Bearer ", 0, 7)
                ? authorizationHeader.substring(7).trim() : "";
        return MessageDigest.isEqual(presented.getBytes(StandardCharsets.UTF_8), token.getBytes(StandardCharsets.UTF_8));
    }

    /** A route step that lets only the admin through ({@code .process(admin.only("editing rules"))}). */
    public Processor only(String operation) {
        return exchange -> {
            HttpContext http = HttpContext.of(exchange);
            require(http == null ? null : http.header("Authorization"), operation);
        };
    }

    /** Throws 403 when admin is disabled, 401 when the Authorization header does not carry the token. */
    public void require(String authorizationHeader, String operation) {
        if (token == null) {
            throw new ApiError(403, "permission_error", "admin_disabled",
                    operation + " is disabled: no admin token is configured (set CASCADE_ADMIN_TOKEN)");
        }
        // Constant-time comparison: the token must not leak through response timing.
        if (!presentedBy(authorizationHeader)) {
            throw new ApiError(401, "authentication_error", "invalid_admin_token",
                    operation + " needs the admin token: send Authorization: Bearer <token>");
        }
    }
}
