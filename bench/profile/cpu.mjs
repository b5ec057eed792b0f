#!/usr/bin/env node
// Where the API Worker spends its CPU: a sampling profile of the running Worker over DevTools'
// protocol, summed by source file (the bundle's `// path` markers) and by function.
//
//   AGORA_INSPECTOR_PORT=9229 bun run dev        (or any server started with that variable)
//   node bench/profile/cpu.mjs [--port 9229] [--seconds 20] [--worker agora|floor|d1:db] [--out file.cpuprofile]
//
// Start the load first (bench/load, bench/live), then this: it records for --seconds and prints the
// files and functions with the most self time. The .cpuprofile opens in Chrome's DevTools.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a, i, all) => (a.startsWith("--") ? [a.slice(2), all[i + 1] ?? true] : null))
    .filter(Boolean),
);
const PORT = Number(args.port ?? process.env.AGORA_INSPECTOR_PORT ?? 9229);
const SECONDS = Number(args.seconds ?? 20);
const WORKER = args.worker ?? "agora";
const BUNDLE = join(new URL("../..", import.meta.url).pathname, "dist/worker/api/dev-index.js");

// A Worker's own name, or a workerd target as the inspector lists it (`d1:db`, the local D1's object).
const TARGET = WORKER.includes(":") ? WORKER : `core:user:${WORKER}`;
const ws = new WebSocket(`ws://127.0.0.1:${PORT}/${TARGET}`);
let nextId = 1;
const pending = new Map();
ws.onmessage = (event) => {
  const message = JSON.parse(String(event.data));
  const done = message.id && pending.get(message.id);
  if (done) {
    pending.delete(message.id);
    done(message);
  }
};
const call = (method, params = {}) =>
  new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, (m) =>
      m.error ? reject(new Error(`${method}: ${m.error.message}`)) : resolve(m.result),
    );
    ws.send(JSON.stringify({ id, method, params }));
  });
await new Promise((resolve, reject) => {
  ws.onopen = resolve;
  ws.onerror = () =>
    reject(new Error(`no inspector on port ${PORT} (start the server with AGORA_INSPECTOR_PORT)`));
});

await call("Profiler.enable");
await call("Profiler.setSamplingInterval", { interval: 200 });
await call("Profiler.start");
console.error(`[profile] recording ${SECONDS} s`);
await new Promise((r) => setTimeout(r, SECONDS * 1000));
const { profile } = await call("Profiler.stop");
ws.close();
if (args.out) writeFileSync(args.out, JSON.stringify(profile));

// The bundle marks each module's start with a comment naming its source file.
const markers = [];
try {
  readFileSync(BUNDLE, "utf8")
    .split("\n")
    .forEach((line, i) => {
      const m = /^\/\/ (\S+\.(?:ts|tsx|js|mjs|cjs))$/.exec(line);
      if (m) markers.push([i, m[1]]);
    });
} catch {
  // Without the bundle the files are left as the profile names them.
}
const fileOf = (node) => {
  const { url, lineNumber, functionName } = node.callFrame;
  if (!url)
    return functionName.startsWith("(") ? functionName : functionName ? `(${functionName})` : "(runtime)";
  if (!url.includes("index.js")) return url;
  let lo = 0;
  let hi = markers.length - 1;
  let found = "(bundle)";
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (markers[mid][0] <= lineNumber) {
      found = markers[mid][1];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found
    .replace(/^node_modules\/(?:\.bun\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+).*/, "pkg:$1")
    .replace(/^.*node_modules\/((?:@[^/]+\/)?[^/]+).*/, "pkg:$1");
};

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfSamples = new Map();
for (const id of profile.samples) selfSamples.set(id, (selfSamples.get(id) ?? 0) + 1);
const total = profile.samples.length;
const byFile = new Map();
const byFunction = new Map();
for (const [id, count] of selfSamples) {
  const node = byId.get(id);
  const file = fileOf(node);
  byFile.set(file, (byFile.get(file) ?? 0) + count);
  const fn = `${node.callFrame.functionName || "(anonymous)"} ${file}:${node.callFrame.lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + count);
}
const idle = byFile.get("(idle)") ?? 0;
const busy = total - idle;
const top = (map, n) =>
  [...map.entries()]
    .filter(([k]) => k !== "(idle)")
    .sort((a, b) => b[1] - a[1])
    .slice(0, n);
console.log(
  `\n${total} samples over ${SECONDS} s; the isolate was busy in ${((100 * busy) / total).toFixed(1)}% of them\n`,
);
console.log("| self time by file | % of busy |\n|---|---:|");
for (const [file, count] of top(byFile, 25))
  console.log(`| ${file} | ${((100 * count) / busy).toFixed(1)} |`);
console.log("\n| self time by function | % of busy |\n|---|---:|");
for (const [fn, count] of top(byFunction, 30))
  console.log(`| ${fn} | ${((100 * count) / busy).toFixed(1)} |`);
