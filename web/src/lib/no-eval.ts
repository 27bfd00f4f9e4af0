// The app runs under a Content-Security-Policy without 'unsafe-eval' (web/build/csp.ts). zod
// probes for eval with `new Function` when it builds its first object schema, and the browser
// reports that refusal even though zod catches it: zod's `jitless` setting skips the probe. zod
// keeps its settings in `globalThis.__zod_globalConfig` (zod/v4/core/core.js), so they are set
// here, before the data chunk loads zod, without bringing zod onto the first route.
const zodConfig = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodConfig.__zod_globalConfig = { ...zodConfig.__zod_globalConfig, jitless: true };
