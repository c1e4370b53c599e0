import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";

/**
 * Route handlers behind a real HTTP server, as `next start` calls them: a Web Request in, a Web
 * Response (streamed) out. Clients under test (fetch, the MCP SDK's client) then speak real HTTP.
 * A route is a path pattern (`:name` segments) and the module's exported handlers.
 */
// biome-ignore lint/suspicious/noExplicitAny: each route types its own params; the server fills them by name.
type Handler = (request: Request, context: { params: Promise<any> }) => Promise<Response> | Response;
export interface RouteModule {
  GET?: Handler;
  POST?: Handler;
  DELETE?: Handler;
}

function toRequest(req: IncomingMessage, base: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  const controller = new AbortController();
  req.on("close", () => {
    if (!req.complete || req.readableAborted) controller.abort();
  });
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.url ?? "/", base), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    signal: controller.signal,
    // @ts-expect-error Node's fetch needs this for a streamed request body.
    duplex: "half",
  });
}

export async function startRouteServer(
  routes: Record<string, RouteModule>,
): Promise<{ url: string; close(): Promise<void> }> {
  const table = Object.entries(routes).map(([pattern, module]) => {
    const names: string[] = [];
    const source = pattern.replace(/:(\w+)/g, (_m, name: string) => {
      names.push(name);
      return "([^/]+)";
    });
    return { re: new RegExp(`^${source}$`), names, module };
  });
  let base = "";
  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    for (const route of table) {
      const match = route.re.exec(path);
      if (!match) continue;
      const handler = route.module[req.method as keyof RouteModule];
      if (!handler) break;
      const params = Object.fromEntries(route.names.map((n, i) => [n, match[i + 1] ?? ""]));
      const response = await handler(toRequest(req, base), { params: Promise.resolve(params) });
      // A body the handler left unread (a refused or over-limit request) is not drained: the
      // connection closes after the answer, as a server should do rather than read a stranger's bytes.
      const close = req.complete ? {} : { connection: "close" };
      res.writeHead(response.status, { ...Object.fromEntries(response.headers), ...close });
      if (!response.body) return void res.end();
      const reader = response.body.getReader();
      res.on("close", () => void reader.cancel().catch(() => {}));
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        res.write(value);
      }
      return void res.end();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
