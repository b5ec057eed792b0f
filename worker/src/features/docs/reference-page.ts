// A small, dependency-free reader for the OpenAPI document: operations grouped by tag, with their
// parameters, bodies and answers. Kept as strings so the Worker can serve it without a CDN.

export const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Agora API reference</title>
<style>
  :root { color-scheme: dark; --bg:#0f1115; --panel:#171a21; --line:#2a2f3a; --text:#e6e8ee; --muted:#9aa3b2; --accent:#7c9cff; }
  body { margin:0; font:15px/1.5 system-ui, sans-serif; background:var(--bg); color:var(--text); }
  header { padding:24px 32px; border-bottom:1px solid var(--line); }
  main { max-width:1000px; margin:0 auto; padding:16px 32px 64px; }
  h1 { margin:0; font-size:22px; } h2 { margin:32px 0 8px; font-size:18px; color:var(--accent); }
  details { background:var(--panel); border:1px solid var(--line); border-radius:8px; margin:8px 0; }
  summary { cursor:pointer; padding:10px 14px; display:flex; gap:12px; align-items:baseline; }
  .m { font:600 12px ui-monospace, monospace; padding:2px 8px; border-radius:4px; background:#263055; min-width:52px; text-align:center; }
  .m.get{background:#1d4d3a}.m.post{background:#27406d}.m.patch{background:#5a4a1d}.m.delete{background:#6d2727}
  code, pre { font:13px ui-monospace, monospace; } pre { background:#0b0d11; padding:10px; border-radius:6px; overflow:auto; margin:6px 14px 14px; }
  .muted { color:var(--muted); } .body { padding:0 14px 8px; }
</style>
</head>
<body>
<header><h1>Agora API reference</h1><p class="muted">Generated from <a href="/api/openapi.json" style="color:var(--accent)">/api/openapi.json</a>.</p></header>
<main id="reference"><p class="muted">Loading…</p></main>
<script src="/api/docs/reference.js" defer></script>
</body>
</html>`;

export const REFERENCE_SCRIPT = `(async () => {
  const root = document.getElementById("reference");
  const el = (tag, attrs, ...children) => {
    const node = document.createElement(tag);
    Object.assign(node, attrs || {});
    for (const child of children) node.append(child);
    return node;
  };
  const doc = await (await fetch("/api/openapi.json")).json();
  const resolve = (schema) => {
    if (schema && schema.$ref) return doc.components.schemas[schema.$ref.split("/").pop()] || schema;
    return schema;
  };
  const groups = {};
  for (const [path, item] of Object.entries(doc.paths || {})) {
    for (const [method, op] of Object.entries(item)) {
      const tag = (op.tags && op.tags[0]) || "Other";
      (groups[tag] ||= []).push({ path, method, op });
    }
  }
  root.replaceChildren();
  root.append(el("p", { className: "muted", textContent: doc.info.title + " " + doc.info.version }));
  for (const tag of Object.keys(groups).sort()) {
    root.append(el("h2", { textContent: tag }));
    for (const { path, method, op } of groups[tag]) {
      const body = el("div", { className: "body" });
      if (op.description) body.append(el("p", { textContent: op.description }));
      if (op.parameters && op.parameters.length) {
        body.append(el("p", { className: "muted", textContent: "Parameters" }));
        body.append(el("pre", { textContent: op.parameters.map((p) => p.in + " " + p.name + (p.required ? " (required)" : "") + ": " + JSON.stringify(p.schema)).join("\\n") }));
      }
      if (op.requestBody) {
        for (const [type, media] of Object.entries(op.requestBody.content || {})) {
          body.append(el("p", { className: "muted", textContent: "Body, " + type }));
          body.append(el("pre", { textContent: JSON.stringify(resolve(media.schema), null, 2) }));
        }
      }
      for (const [status, res] of Object.entries(op.responses || {})) {
        const media = res.content && res.content["application/json"];
        body.append(el("p", { className: "muted", textContent: status + " " + (res.description || "") }));
        if (media) body.append(el("pre", { textContent: JSON.stringify(resolve(media.schema), null, 2) }));
      }
      root.append(el("details", {},
        el("summary", {}, el("span", { className: "m " + method, textContent: method.toUpperCase() }), el("code", { textContent: path }), el("span", { className: "muted", textContent: op.summary || "" })),
        body));
    }
  }
})();`;
