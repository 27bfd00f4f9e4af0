// Child process of `npm run deploy:check` (functions-bundle.ts), started with the environment a
// deploy's discovery gives the functions and no emulator variables. Requires the bundle, reads
// each exported function's `__endpoint` as firebase-functions' own loader does (nested objects
// are groups, named `group-name`), and reports any network connection that loading started.
// Prints one line: the marker followed by JSON.
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const MARKER = '__DEPLOY_CHECK_PROBE__';
const network = [];
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  // net.connect() passes its arguments already normalised, as one array.
  const [first, second] = Array.isArray(args[0]) ? args[0] : args;
  const target =
    typeof first === 'object' && first !== null && !Array.isArray(first)
      ? first.path || `${first.host || 'localhost'}:${first.port}`
      : `${typeof second === 'string' ? second : 'localhost'}:${String(first)}`;
  network.push(`connect ${target}`);
  return connect.apply(this, args);
};

const NETWORK_RESOURCES = /^(TCP|TLS|UDP|GetAddrInfo|GetNameInfo|QueryReqWrap)/;

function report(result) {
  const active = process
    .getActiveResourcesInfo()
    .filter((resource) => NETWORK_RESOURCES.test(resource))
    .map((resource) => `open ${resource}`);
  process.stdout.write(
    `${MARKER}${JSON.stringify({ ...result, network: [...network, ...active] })}\n`,
  );
  process.exit(0);
}

function describe(error) {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function extract(exported, prefix, functions) {
  for (const [name, value] of Object.entries(exported)) {
    if (typeof value === 'function' && '__endpoint' in value) {
      try {
        functions.push({
          name: prefix + name,
          endpoint: JSON.parse(JSON.stringify(value.__endpoint)),
        });
      } catch (error) {
        functions.push({ name: prefix + name, error: describe(error) });
      }
    } else if (typeof value === 'object' && value !== null) {
      extract(value, `${prefix}${name}-`, functions);
    }
  }
}

const load = createRequire(import.meta.url);
const file = path.resolve(process.argv[2]);
let exported;
try {
  // As firebase-functions' loader: require, and import() when the bundle is an ES module.
  try {
    exported = load(file);
  } catch (error) {
    if (error.code !== 'ERR_REQUIRE_ESM' && error.code !== 'ERR_REQUIRE_ASYNC_MODULE') throw error;
    exported = await import(pathToFileURL(file).href);
  }
} catch (error) {
  report({ loaded: false, error: describe(error), functions: [] });
}
const functions = [];
try {
  extract(exported, '', functions);
} catch (error) {
  report({ loaded: false, error: describe(error), functions });
}
// A connection started while loading shows up as a socket on the next turns of the loop.
setTimeout(() => report({ loaded: true, functions }), 50);
