// Where a class release's CPU goes, from `.cpuprofile` files (node --cpu-prof).
//
//   npx tsx bench/profile-summary.ts [--only <label parts>] <windows.json> <a.cpuprofile> […]
//
// windows.json is what class-release.ts writes when CLASS_RELEASE_WINDOWS names a file: the
// bursts' start and end on the machine's monotonic clock, which V8's profile timestamps use
// too, so the samples of both processes (benchmark and database emulator) are cut to the
// bursts alone (no seeding, no checks). Prints, per profile: CPU per burst, the time by
// owner of the running function (self time), the functions with most self time, and the
// inclusive time of the handler's and the emulator's own entry points.
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface BurstWindow {
  label: string;
  /** Microseconds on the monotonic clock (process.hrtime). */
  startUs: number;
  endUs: number;
}

/** Who owns the code a sample was in, from the function's file. */
export function ownerOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (url === '') {
    if (functionName === '(garbage collector)') return 'GC';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return 'V8/native (program)';
    return 'V8/native builtins';
  }
  if (url.includes('/functions/src/')) return 'handler (functions/src)';
  if (url.includes('/core/src/')) return 'core (core/src)';
  if (url.includes('/emulators/rtdb/src/')) return 'database emulator (emulators/rtdb/src)';
  if (url.includes('/node_modules/zod/')) return 'zod (parses called by handler/core)';
  if (url.includes('/node_modules/@firebase/database')) return 'admin SDK (@firebase/database)';
  if (url.includes('/node_modules/firebase-admin/')) return 'admin SDK (firebase-admin)';
  if (url.includes('/node_modules/@firebase/')) return 'admin SDK (other @firebase)';
  if (url.includes('/node_modules/faye-websocket/') || url.includes('/node_modules/websocket-'))
    return 'admin SDK websocket (faye)';
  if (url.includes('/node_modules/ws/')) return 'ws (server websocket)';
  if (url.includes('/node_modules/tsx/') || url.includes('/node_modules/esbuild/'))
    return 'tsx loader';
  if (url.startsWith('node:')) return 'Node.js internals';
  if (url.includes('/bench/')) return 'benchmark harness';
  return `other (${path.basename(url)})`;
}

/** The samples of `profile` inside `window`, each with its duration in µs. */
function samplesIn(profile: CpuProfile, window: BurstWindow): { node: number; us: number }[] {
  const picked: { node: number; us: number }[] = [];
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    at += profile.timeDeltas[i] ?? 0;
    // A sample covers the time until the next one.
    const us = profile.timeDeltas[i + 1] ?? 0;
    const node = profile.samples[i];
    if (node !== undefined && at >= window.startUs && at < window.endUs) picked.push({ node, us });
  }
  return picked;
}

const ms = (us: number) => `${(us / 1000).toFixed(0)} ms`;

function table(rows: Map<string, number>, total: number, limit: number): string[] {
  return [...rows.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(
      ([name, us]) =>
        `    ${ms(us).padStart(8)}  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`,
    );
}

/** Inclusive time of functions whose name matches, counted once per sample. */
const ENTRY_POINTS = [
  // Handler side (functions/src, core/src).
  'bookClass',
  'applyBatch',
  'refusesFullClass',
  'parseStored',
  'readWallet',
  'applyWalletChange',
  'consumeCredit',
  'reserveSeat',
  'toDatabase',
  'syncViews',
  'liveParsed',
  'flushOutbox',
  // Emulator side (emulators/rtdb/src).
  'onFrame',
  'handle',
  'put',
  'merge',
  'listen',
  'get',
  'prepare',
  'notify',
  'pushDefault',
  'affected',
  'hashNode',
  'fromJSON',
  'evaluate',
];

/** Our code: the handlers, core and the database emulator. */
const OUR_CODE = /\/(functions|core|emulators\/rtdb)\/src\//;

export function summarise(profile: CpuProfile, windows: readonly BurstWindow[]): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const lines: string[] = [];
  const owners = new Map<string, number>();
  const selfTime = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const everyInclusive = new Map<string, number>();
  const byOurCaller = new Map<string, number>();
  let busy = 0;
  for (const window of windows) {
    const samples = samplesIn(profile, window);
    let windowBusy = 0;
    for (const { node, us } of samples) {
      const frame = byId.get(node)?.callFrame;
      if (!frame) continue;
      const owner = ownerOf(frame);
      if (owner === 'idle') continue;
      windowBusy += us;
      owners.set(owner, (owners.get(owner) ?? 0) + us);
      const name = `${frame.functionName || '(anonymous)'} ${path.basename(frame.url)}:${frame.lineNumber + 1}`;
      selfTime.set(name, (selfTime.get(name) ?? 0) + us);
      const seen = new Set<string>();
      let ours: string | undefined;
      for (let id: number | undefined = node; id !== undefined; id = parent.get(id)) {
        const caller = byId.get(id)?.callFrame;
        if (!caller || caller.url === '') continue;
        if (ours === undefined && OUR_CODE.test(caller.url))
          ours = `${caller.functionName || '(anonymous)'} (${path.basename(caller.url)})`;
        const key = `${caller.functionName || '(anonymous)'} ${path.basename(caller.url)}:${caller.lineNumber + 1}`;
        if (seen.has(key)) continue;
        seen.add(key);
        everyInclusive.set(key, (everyInclusive.get(key) ?? 0) + us);
        if (ENTRY_POINTS.includes(caller.functionName))
          inclusive.set(key, (inclusive.get(key) ?? 0) + us);
      }
      const attributed = ours ?? `no frame of ours on the stack: ${owner}`;
      byOurCaller.set(attributed, (byOurCaller.get(attributed) ?? 0) + us);
    }
    lines.push(
      `  ${window.label}: ${ms(windowBusy)} CPU in ${ms(window.endUs - window.startUs)} wall`,
    );
    busy += windowBusy;
  }
  lines.push(`  all bursts: ${ms(busy)} CPU (not idle)`, '  by owner (self time):');
  lines.push(...table(owners, busy, 20));
  lines.push('  top functions (self time):', ...table(selfTime, busy, 25));
  lines.push(
    '  by the innermost function of ours on the stack (what our code asked for):',
    ...table(byOurCaller, busy, 30),
  );
  lines.push('  inclusive time of entry points:', ...table(inclusive, busy, 30));
  lines.push('  top functions (inclusive time):', ...table(everyInclusive, busy, 60));
  return lines;
}

function main(): void {
  const args = process.argv.slice(2);
  // `--only <text>[,<text>…]`: the bursts whose label contains one of the texts ("run 2,run 3").
  const only = args.indexOf('--only');
  const labelPart = only === -1 ? undefined : args.splice(only, 2)[1];
  const [windowsFile, ...profiles] = args;
  if (windowsFile === undefined || profiles.length === 0) {
    process.stderr.write(
      'usage: tsx bench/profile-summary.ts <windows.json> <a.cpuprofile> [...]\n',
    );
    process.exit(2);
  }
  const windows = (JSON.parse(readFileSync(windowsFile, 'utf8')) as BurstWindow[]).filter(
    (window) =>
      labelPart === undefined || labelPart.split(',').some((part) => window.label.includes(part)),
  );
  for (const file of profiles) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    process.stdout.write(`${file}\n${summarise(profile, windows).join('\n')}\n\n`);
  }
}

main();
