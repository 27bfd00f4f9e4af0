import { performance } from 'node:perf_hooks';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { initializeApp, deleteApp } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import { DEFAULT_SETTINGS, paths, classSchema, formatDate, formatHour, creditIdsFor } from '@studio/core';
import { bookClass } from '../src/handlers/booking/book-class';
async function main() {
  const child = spawn(process.execPath, [path.resolve(__dirname, '../../emulators/rtdb/bin/rtdb-emulator.mjs'), '--port', '0', '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await new Promise<number>((resolve) => { let o=''; child.stdout!.on('data', (c: Buffer) => { o+=c; const m=/:(\d+) /.exec(o); if (m) resolve(Number(m[1])); }); });
  process.env['FIREBASE_DATABASE_EMULATOR_HOST'] = `127.0.0.1:${port}`;
  const app = initializeApp({ projectId: 'demo-studio', databaseURL: 'https://demo-studio-default-rtdb.firebaseio.com' }, 'p');
  const db = getDatabase(app);
  const updates: Record<string, unknown> = { [paths.settings()]: DEFAULT_SETTINGS };
  const now = Date.now();
  for (let i = 0; i < 300; i++) { const ids = creditIdsFor(`b${i}`, 6); updates[`Users/u${i}`] = { Name: 'x', Conditions: true, Credits: 6, 'credits-list': Object.fromEntries(ids.map(id => [id, { kind: 'regular', source: 'seed', grantedAt: now, expiresAt: now + 9e9 }])) }; updates[`CreditLedger/u${i}/g`] = { type: 'grant', kind: 'regular', delta: 6, reason: 'x', at: 1, by: 'system' }; }
  await db.ref().update(updates);
  for (let round = 0; round < 4; round++) {
    const startsAt = Date.now() + 86400000;
    await db.ref(`Classes/k${round}`).set(JSON.parse(JSON.stringify(classSchema.parse({ name: 'R', branch: 'b', date: formatDate(startsAt), hour: formatHour(startsAt), startsAt, duration: 45, exercise: 'e', coach: 'c', capacity: 30 }))));
    const t = performance.now(); const cpu = process.cpuUsage();
    const lat: number[] = [];
    await Promise.all(Array.from({ length: 300 }, async (_, i) => { const s = performance.now(); try { await bookClass({ db, now: Date.now }, { uid: `u${i}`, classId: `k${round}` }); } catch {} lat.push(performance.now() - s); }));
    const c = process.cpuUsage(cpu);
    const stat = require('node:fs').readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(' ');
    const emuCpu = (Number(stat[13]) + Number(stat[14])) * 10;
    console.log('emulator cumulative cpu ms', emuCpu);
    lat.sort((a, b) => a - b);
    console.log(`round ${round}: wall ${(performance.now() - t).toFixed(0)} ms, client cpu ${((c.user + c.system) / 1000).toFixed(0)} ms, p50 ${lat[150]!.toFixed(0)} p95 ${lat[284]!.toFixed(0)}`);
  }
  await deleteApp(app); child.kill();
}
main().then(() => process.exit(0));
