import { z } from "zod";

// Both SPAs run under a Content-Security-Policy without 'unsafe-eval'. zod compiles object parsers
// with `new Function` when it may, and probes for that once with a caught `new Function("")`: the
// browser reports the probe as a CSP violation although nothing ran. Jitless, zod neither probes
// nor compiles, so the only violations a page reports are real ones (e2e/xss.e2e.ts counts every
// one). Object schemas read this when they are built, so each SPA's entry imports this module
// before anything else.
z.config({ jitless: true });
