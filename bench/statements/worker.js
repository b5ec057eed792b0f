// What a statement costs in a D1 round trip on the local runtime (docs/decisions/228): the same
// answers as K statements in one batch (each reading the page again as a WITH), or folded into one
// statement whose columns are JSON arrays, as worker/src/db/fold-queries.ts does.
const PAGE = "SELECT id, title, body, score, created_at FROM items WHERE id <= ?1 ORDER BY id DESC LIMIT 10";

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const below = Number(url.searchParams.get("below") ?? 100000);
    const k = Number(url.searchParams.get("k") ?? 1);
    if (url.pathname === "/batch") {
      const statements = [env.DB.prepare(PAGE).bind(below)];
      for (let i = 1; i < k; i++)
        statements.push(
          env.DB.prepare(
            `WITH page AS (${PAGE}) SELECT id, score FROM items WHERE id IN (SELECT id - ${i} FROM page)`,
          ).bind(below),
        );
      const results = await env.DB.batch(statements);
      return Response.json(results.map((r) => r.results));
    }
    if (url.pathname === "/folded") {
      const columns = [
        `(SELECT json_group_array(json_object('id', id, 'title', title, 'body', body, 'score', score, 'created_at', created_at)) FROM page) AS f0`,
      ];
      for (let i = 1; i < k; i++)
        columns.push(
          `(SELECT json_group_array(json_object('id', id, 'score', score)) FROM items WHERE id IN (SELECT id - ${i} FROM page)) AS f${i}`,
        );
      const row = await env.DB.prepare(`WITH page AS MATERIALIZED (${PAGE}) SELECT ${columns.join(", ")}`)
        .bind(below)
        .first();
      return Response.json(Object.values(row).map((v) => JSON.parse(v)));
    }
    return new Response("not found", { status: 404 });
  },
};
