import { config, z } from "zod";

// Every module of the SPAs and of shared/ that builds or names a zod schema takes `z` from here
// (biome.json refuses a direct "zod" import elsewhere), so zod is set jitless before any schema
// exists, whatever order the bundler gives the chunks. Both SPAs run under a
// Content-Security-Policy without 'unsafe-eval': zod compiles object parsers with `new Function`
// when it may, and probes for that once, with a caught `new Function("")`, when the first object
// schema is built; the browser reports the probe as a CSP violation although nothing ran.
// Jitless, zod neither probes nor compiles, so every violation a page reports is a real one
// (e2e/xss counts each). The Worker's route files (22) take `z` from @hono/zod-openapi, which
// re-exports this same zod with `.openapi()`, and none of them breaks for it: the Worker's
// runtime forbids `new Function` anyway, so there the setting changes nothing.
config({ jitless: true });

export { z };
