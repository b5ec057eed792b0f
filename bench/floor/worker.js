// The floor benchmark's Worker (bench/floor/run.mjs): the least an edge app can do for each measure
// of the live and read goals (ADR 130), on the same local runtime as Agora (Miniflare, workerd, D1, SQLite-backed
// Durable Objects with hibernating sockets). It is not Agora: no routing, no validation, no
// sessions. What it costs is what any app built on this runtime pays on this machine.
import { DurableObject } from "cloudflare:workers";

/** One person's sockets, as Agora's Inbox holds them: hibernating, each event kept in SQLite. */
export class Box extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS frames (seq INTEGER PRIMARY KEY, data TEXT NOT NULL)");
  }

  async fetch() {
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server);
    server.send('{"type":"HELLO"}');
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Keeps the event and sends it to every open socket. */
  async deliver(data) {
    this.ctx.storage.sql.exec("INSERT INTO frames (data) VALUES (?)", data);
    for (const ws of this.ctx.getWebSockets()) ws.send(data);
    return true;
  }

  webSocketMessage() {}

  webSocketClose(ws, code, reason) {
    ws.close(code, reason);
  }
}

const box = (env, name) => env.BOX.get(env.BOX.idFromName(`user:${name}`));

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    switch (url.pathname) {
      // An answer with no storage at all: Agora's /api/health.
      case "/health":
        return Response.json({ status: "ok" });
      // One D1 round trip that reads nothing.
      case "/d1":
        return Response.json(await env.DB.prepare("SELECT 1 AS one").first());
      // One D1 round trip reading a page of ten rows by a key range, the shape of a feed page.
      case "/d1-page": {
        const { results } = await env.DB.prepare(
          "SELECT id, title, body, score, created_at FROM items WHERE id <= ?1 ORDER BY id DESC LIMIT 10",
        )
          .bind(Number(url.searchParams.get("below") ?? 1_000_000))
          .all();
        return Response.json({ list: results });
      }
      // A write shaped like Agora's vote: three round trips (the session, the post and the limits,
      // then one batch writing the vote row and moving the post's counter), or with `trips=1` one
      // batch reading the post and making both writes (Agora's vote since docs/decisions/239).
      case "/vote": {
        const id = Number(url.searchParams.get("id") ?? 1);
        const write = [
          env.DB.prepare("INSERT INTO events (to_name, at) VALUES (?1, ?2)").bind(String(id), Date.now()),
          env.DB.prepare("UPDATE items SET score = score + 1 WHERE id = ?1").bind(id),
        ];
        if (url.searchParams.get("trips") === "1") {
          await env.DB.batch([
            env.DB.prepare("SELECT id, score FROM items WHERE id = ?1").bind(id),
            ...write,
          ]);
          return Response.json({ ok: true });
        }
        await env.DB.prepare("SELECT 1 AS one").first();
        await env.DB.prepare("SELECT id, score FROM items WHERE id = ?1").bind(id).first();
        await env.DB.batch(write);
        return Response.json({ ok: true });
      }
      case "/connect":
        return box(env, url.searchParams.get("to")).fetch(request);
      // An event for one person: `writes` D1 round trips that each write a row (Agora's follow makes
      // three round trips), then the person's box told after the answer, as Agora's producers do.
      case "/event": {
        const to = url.searchParams.get("to");
        const writes = Number(url.searchParams.get("writes") ?? 1);
        for (let i = 0; i < writes; i++)
          await env.DB.prepare("INSERT INTO events (to_name, at) VALUES (?1, ?2)").bind(to, Date.now()).run();
        const data = JSON.stringify({ type: "EVENT", id: url.searchParams.get("id") });
        ctx.waitUntil(box(env, to).deliver(data));
        return Response.json({ ok: true });
      }
      default:
        return new Response("not found", { status: 404 });
    }
  },
};
