import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { clientIp, installPeerAddressHeader, PEER_HEADER } from "@/lib/auth/client-ip";

const headers = (values: Record<string, string>) => new Headers(values);

describe("client address for per-IP limits", () => {
  it("without a trusted proxy: the socket's address; X-Forwarded-For cannot choose the bucket", () => {
    const h = headers({ [PEER_HEADER]: "198.51.100.4", "x-forwarded-for": "1.2.3.4" });
    expect(clientIp(h, false)).toBe("198.51.100.4");
    expect(clientIp(headers({ "x-forwarded-for": "1.2.3.4" }), false)).toBe("unknown");
    expect(clientIp(headers({ [PEER_HEADER]: "::ffff:10.0.0.8" }), false)).toBe("10.0.0.8");
    expect(clientIp(headers({ [PEER_HEADER]: "::1" }), false)).toBe("::1");
  });

  it("behind a trusted proxy: the right-most X-Forwarded-For entry (what the proxy saw)", () => {
    const h = headers({ [PEER_HEADER]: "10.0.0.2", "x-forwarded-for": "6.6.6.6, 203.0.113.7" });
    expect(clientIp(h, true)).toBe("203.0.113.7");
    expect(clientIp(headers({ [PEER_HEADER]: "10.0.0.2" }), true)).toBe("10.0.0.2");
    expect(clientIp(headers({ [PEER_HEADER]: "10.0.0.2", "x-forwarded-for": " , " }), true)).toBe("10.0.0.2");
  });

  it("the server stamps each request with its peer address, overwriting a client-sent one", async () => {
    installPeerAddressHeader();
    installPeerAddressHeader(); // idempotent
    const server = http.createServer((req, res) => {
      res.end(JSON.stringify({ peer: req.headers[PEER_HEADER], xff: req.headers["x-forwarded-for"] ?? null }));
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { [PEER_HEADER]: "6.6.6.6", "x-forwarded-for": "7.7.7.7" },
      });
      const body = (await res.json()) as { peer: string; xff: string };
      expect(body.peer).toBe("127.0.0.1");
      expect(body.xff).toBe("7.7.7.7");
      expect(clientIp(new Headers({ [PEER_HEADER]: body.peer, "x-forwarded-for": body.xff }), false)).toBe("127.0.0.1");
    } finally {
      server.close();
    }
  });
});
