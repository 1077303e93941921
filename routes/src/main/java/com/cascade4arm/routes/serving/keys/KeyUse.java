package com.cascade4arm.routes.serving.keys;

/** What a request asks a key for: its checks differ (Compare needs the key's Compare permission). */
public enum KeyUse {
    CHAT, COMPARE, EXPLAIN
}
