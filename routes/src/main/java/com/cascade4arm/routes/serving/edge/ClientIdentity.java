package com.cascade4arm.routes.serving.edge;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * Who a request comes from, for the per-client limits: the socket peer; only when that peer is a trusted proxy, the
 * right-most X-Forwarded-For hop that is not itself a trusted proxy. Hops left of it were written by the client and
 * are ignored, so a client cannot spoof its way around the limits.
 */
public final class ClientIdentity {
    /** Hops read from the right at most; a longer header is a client padding it. */
    static final int MAX_HOPS = 32;

    private final List<Cidr> trustedProxies;

    public ClientIdentity(List<Cidr> trustedProxies) {
        this.trustedProxies = List.copyOf(trustedProxies);
    }

    /**
     * @param peer           the socket's remote address (IP literal)
     * @param forwardedFor   every X-Forwarded-For header value in order (may be empty)
     * @return the client key: an IPv4 address or an IPv6 /64 block; the raw peer text if it is not an IP
     */
    public String resolve(String peer, List<String> forwardedFor) {
        InetAddress peerAddress = IpAddresses.parseLiteral(peer);
        if (peerAddress == null) {
            return String.valueOf(peer);
        }
        if (!trusted(peerAddress) || forwardedFor.isEmpty()) {
            return IpAddresses.clientKey(peerAddress);
        }
        List<String> hops = new ArrayList<>();
        forwardedFor.forEach(value -> hops.addAll(List.of(value.split(","))));
        InetAddress candidate = peerAddress;
        for (int i = hops.size() - 1; i >= 0 && i >= hops.size() - MAX_HOPS; i--) {
            InetAddress hop = IpAddresses.parseHop(hops.get(i));
            if (hop == null) {
                break; // garbage: stay with the last proxy that is known to have written a real address
            }
            candidate = hop;
            if (!trusted(hop)) {
                break;
            }
        }
        return IpAddresses.clientKey(candidate);
    }

    public boolean trusted(InetAddress address) {
        return trustedProxies.stream().anyMatch(cidr -> cidr.contains(address));
    }

    public List<Cidr> trustedProxies() {
        return trustedProxies;
    }
}
