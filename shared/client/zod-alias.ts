// Both SPAs' builds resolve the "zod" package name to zod set jitless first (./zod-jitless.ts), so
// no page reports zod's eval probe as a Content-Security-Policy violation.
const here = new URL(".", import.meta.url).pathname;

export const zodJitlessAlias = [{ find: /^zod$/, replacement: `${here}zod-jitless.ts` }];
