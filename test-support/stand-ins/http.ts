import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// A stand-in's handler served over HTTP on a local port (Node): each request becomes a web
// Request, the handler's Response goes back as is. For the browser journeys and `bun run dev`.

export interface Served {
  url: string;
  close(): Promise<void>;
}

function body(req: IncomingMessage): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks)).slice().buffer));
    req.on("error", reject);
  });
}

export async function serve(
  handle: (request: Request) => Promise<Response>,
  { port = 0 } = {},
): Promise<Served> {
  let base = "";
  const server: Server = createServer((req, res) => {
    void (async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === "string") headers.set(name, value);
        else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      const method = req.method ?? "GET";
      const raw = method === "GET" || method === "HEAD" ? null : await body(req);
      const response = await handle(
        new Request(new URL(req.url ?? "/", base), { method, headers, ...(raw ? { body: raw } : {}) }),
      );
      const out: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        out[name] = value;
      });
      res.writeHead(response.status, out);
      res.end(Buffer.from(await response.arrayBuffer()));
    })().catch((error: unknown) => {
      console.error("stand-in failed", error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { type: "api_error", message: "stand-in failure" } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
