import { config } from "zod/v4";

// Both SPAs run under a Content-Security-Policy without 'unsafe-eval'. zod compiles object parsers
// with `new Function` when it may, and probes for that once, with a caught `new Function("")`,
// when the first object schema is built: the browser reports the probe as a CSP violation
// although nothing ran. Jitless, zod neither probes nor compiles, so every violation a page
// reports is a real one (e2e/xss counts each). The SPAs' builds resolve "zod" to this module
// (zodJitlessAlias below), so the setting is made before any schema module's body runs, however
// the bundler orders the chunks.
config({ jitless: true });

export * from "zod/v4";
export { default } from "zod/v4";
