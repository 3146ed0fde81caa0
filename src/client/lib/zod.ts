// The client's "zod" (vite.config.ts aliases the bare import here): zod itself, with JIT off.
// zod compiles object parsers with `new Function` when it can, and probes for that when an object
// schema is built; the Content-Security-Policy (script-src 'self') forbids it, and Chromium reports
// even the caught probe as a CSP violation. Every module that imports "zod" runs after this one, so
// no schema is ever built before the setting; and zod loads only with the screens that use it.
import * as zod from "zod/v4";

zod.config({ jitless: true });

export * from "zod/v4";
export { default } from "zod/v4";
