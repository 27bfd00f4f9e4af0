// One cold instance for bench/cold-start.ts, in plain Node (no TypeScript loader, so the figures
// are Node's and the bundle's alone). Usage: node bench/cold-start-instance.mjs <mode> [name]
//   empty  loads nothing (Node's own start-up);
//   https  loads firebase-functions/v2/https only (what any callable needs before it exists);
//   load   loads lib/index.js as the runtime does (the parent sets FUNCTION_TARGET or not) and
//          calls export `name` once, as a first request would after the instance started.
// Prints one line `COLD_START {json}`: `loadedMs` is the time from the process's start to the
// module being loaded (performance.now() counts from the process's time origin), `requireMs` the
// require alone, `loadCpuMs` the CPU time (user + system, all threads) the process had used by
// then, `firstCallMs` the first call and its `outcome`.
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

// The runtime loads the functions with require(), as this does.
const require = createRequire(import.meta.url);

const [mode, name] = process.argv.slice(2);
const functionsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The first call, by trigger kind. Callables get a signed-in admin caller and `{classId}` of a
 * class that does not exist: the booking callables read the database and answer not-found or
 * failed-precondition, the others refuse the input (invalid-argument) before any I/O. The webhook
 * gets a POST with a bad signature (400 after Stripe's check); the schedules run their job on the
 * empty database; bootstrapUser seeds one profile.
 */
async function firstCall(fn) {
  const endpoint = fn.__endpoint ?? {};
  if ('callableTrigger' in endpoint) {
    const uid = 'cold-start-caller';
    const now = Math.floor(Date.now() / 1000);
    await fn.run({
      data: { classId: 'cold-start-missing-class' },
      auth: {
        uid,
        rawToken: 'bench',
        token: { uid, sub: uid, role: 'admin', aud: 'demo-studio', iat: now, exp: now + 3600 },
      },
      rawRequest: { ip: '203.0.113.7', headers: {}, socket: {} },
      acceptsStreaming: false,
    });
    return 'ok';
  }
  if ('httpsTrigger' in endpoint) {
    const headers = { 'stripe-signature': 't=1,v1=bad', 'content-type': 'application/json' };
    const req = {
      method: 'POST',
      url: '/',
      headers,
      header: (key) => headers[key.toLowerCase()],
      get: (key) => headers[key.toLowerCase()],
      rawBody: Buffer.from('{}'),
      body: {},
    };
    return new Promise((resolve, reject) => {
      let status = 200;
      const res = {
        status(code) {
          status = code;
          return res;
        },
        set: () => res,
        setHeader: () => res,
        json: () => resolve(`HTTP ${status}`),
        send: () => resolve(`HTTP ${status}`),
        end: () => resolve(`HTTP ${status}`),
      };
      Promise.resolve(fn(req, res)).catch(reject);
    });
  }
  if ('scheduleTrigger' in endpoint) {
    await fn.run({ scheduleTime: new Date().toISOString(), jobName: 'cold-start' });
    return 'ok';
  }
  // The v1 auth trigger (bootstrapUser): run(data, context).
  await fn.run({ uid: 'cold-start-user', email: 'cold-start@bench.test' }, {});
  return 'ok';
}

async function main() {
  const startedMs = performance.now();
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  if (mode === 'empty') return { loadedMs: startedMs, requireMs: 0, loadCpuMs: cpuMs() };
  if (mode === 'https') {
    require(require.resolve('firebase-functions/v2/https', { paths: [functionsDir] }));
    const loadedMs = performance.now();
    return { loadedMs, requireMs: loadedMs - startedMs, loadCpuMs: cpuMs() };
  }
  const exported = require(path.join(functionsDir, 'lib/index.js'));
  const loadedMs = performance.now();
  const loadCpuMs = cpuMs();
  const fn = exported[name];
  if (typeof fn !== 'function') throw new Error(`lib/index.js exports no function ${name}`);
  const callStart = performance.now();
  let outcome;
  try {
    outcome = await firstCall(fn);
  } catch (error) {
    outcome = typeof error?.code === 'string' ? error.code : String(error?.message ?? error);
  }
  return {
    loadedMs,
    requireMs: loadedMs - startedMs,
    loadCpuMs,
    firstCallMs: performance.now() - callStart,
    outcome,
    exportedCount: Object.keys(exported).length,
  };
}

main().then(
  (result) => {
    process.stdout.write(`\nCOLD_START ${JSON.stringify(result)}\n`);
    // The admin SDK keeps its database connection open; an instance would stay up, this one ends.
    process.exit(0);
  },
  (error) => {
    process.stderr.write(`${error?.stack ?? error}\n`);
    process.exit(1);
  },
);
