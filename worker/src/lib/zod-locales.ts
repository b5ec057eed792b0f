// What the deployed Worker bundles in place of zod's `locales` module (wrangler.toml `[alias]`,
// docs/decisions/155). zod's namespace `z` re-exports every language's error messages
// (`z.locales`, about 260 KiB minified) and esbuild cannot drop them, since `z` is passed around as
// a value. The API never calls `z.locales`: its messages are English, set by zod itself from
// `locales/en.js`, and clients translate error codes. Only zod's own `../locales/index.js` imports
// are aliased (scripts/check-deploy-config.mjs checks that nothing else lands here).
export { default as en } from "zod/v4/locales/en.js";
