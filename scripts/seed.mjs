#!/usr/bin/env node
// Seeds demo data through a running dev server (`bun run dev` calls this step by itself).
const base = process.env.AGORA_URL ?? `http://localhost:${process.env.PORT ?? 8787}`;
const res = await fetch(`${base}/api/dev/seed`, { method: "POST" });
console.log(res.status, await res.text());
process.exit(res.ok ? 0 : 1);
