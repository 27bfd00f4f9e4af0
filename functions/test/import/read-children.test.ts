// The import's reads by key range (`readChildren`) against the database emulator: exactly the
// keys asked for that exist, in the database's key order (integer-like ids first), also when the
// range holds many other keys and the answer is cut at its limit; and the run's report merged
// from its batches, a batch sent again under another first line given once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@studio/core';
import { importRowKey, type ImportRunRow } from '@studio/core/import';
import { readChildren } from '../../src/handlers/import/run';
import { runReport } from '../../src/handlers/import/steps';
import { startBackend, type TestBackend } from '../support/backend';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startBackend();
});
afterAll(async () => {
  await backend.stop();
});

describe('readChildren', () => {
  it('finds the keys asked for, integer-like and not, and nothing else', async () => {
    const parent = `ReadChildren/${randomUUID()}`;
    const stored = ['7', '007', '10', '2147483648', 'a-1', 'b%2E1', '-3'];
    await backend.db.ref(parent).set(Object.fromEntries(stored.map((key) => [key, { key }])));
    const found = await readChildren(backend.db, parent, ['b%2E1', '-3', '9', '007', 'zz', '10']);
    expect(Object.fromEntries(found)).toEqual({
      'b%2E1': { key: 'b%2E1' },
      '-3': { key: '-3' },
      '007': { key: '007' },
      '10': { key: '10' },
    });
    expect((await readChildren(backend.db, parent, [])).size).toBe(0);
  });

  it('reads the rest one by one when the range holds many others', async () => {
    const parent = `ReadChildren/${randomUUID()}`;
    // 300 stored keys between the first and last asked for: the range answer is cut at its limit.
    const stored = Array.from({ length: 300 }, (_, i) => String(1000 + i));
    await backend.db.ref(parent).set(Object.fromEntries(stored.map((key) => [key, true])));
    const asked = ['1000', '1150', '1299', '1300', '5'];
    const found = await readChildren(backend.db, parent, asked);
    expect([...found.keys()].sort()).toEqual(['1000', '1150', '1299']);
  });
});

describe('runReport', () => {
  it('gives each line once, by file and line, across batches and pages', async () => {
    const runId = `report-${randomUUID()}`;
    const line = (file: number, at: number): ImportRunRow => ({
      file,
      line: at,
      outcome: 'created',
      id: `${file}-${at}`,
    });
    const batch = (file: number, from: number, count: number) =>
      Array.from({ length: count }, (_, i) => line(file, from + i));
    const writes: Record<string, ImportRunRow[]> = {};
    // 30 batches of file 0 (more than a page), one of file 1, and a retry of file 0 cut at
    // another line that overlaps two batches.
    for (let at = 0; at < 30; at += 1)
      writes[paths.importRunBatch(runId, importRowKey(0, 2 + at * 10))] = batch(0, 2 + at * 10, 10);
    writes[paths.importRunBatch(runId, importRowKey(0, 7))] = batch(0, 7, 10);
    writes[paths.importRunBatch(runId, importRowKey(1, 2))] = batch(1, 2, 3);
    await backend.db.ref().update(writes);
    const lines: ImportRunRow[] = [];
    for await (const entry of runReport(
      { db: backend.db, auth: backend.auth, now: () => Date.now() },
      runId,
    ))
      lines.push(entry);
    expect(lines.map((entry) => entry.id)).toEqual([
      ...Array.from({ length: 300 }, (_, i) => `0-${2 + i}`),
      '1-2',
      '1-3',
      '1-4',
    ]);
  });
});
