// The import engine in-process against the database and Auth emulators: a Mindbody-shaped
// client, pack and visit file end to end; re-runs; the launch-day update; row-level refusals
// that write nothing; the dry run; and a crash at every write of a run, resumed by running again.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from 'firebase-admin/database';
import { auditEntrySchema, mailOutboxIds, paths, toEpoch } from '@studio/core';
import { importedUid, type ImportEntity, type ImportRowsInput } from '@studio/core/import';
import { finishImport, importRows, runReport, startImport } from '../../src/handlers/import/steps';
import type { ImportDeps, RowResult } from '../../src/handlers/import/run';
import { dump, startBackend, type TestBackend } from '../support/backend';
import { hookedDatabase, SimulatedCrash } from '../support/crash-db';

let backend: TestBackend;
const NOW = Date.parse('2026-11-28T18:00:00Z');

beforeAll(async () => {
  backend = await startBackend();
});
afterAll(async () => {
  await backend.stop();
});

const deps = (db: Database = backend.db): ImportDeps => ({
  db,
  auth: backend.auth,
  now: () => NOW,
});

/** Client ids unique to one test: the Auth emulator is shared by the whole project. */
function clients(count: number) {
  const tag = randomUUID().slice(0, 8);
  return Array.from({ length: count }, (_, i) => ({
    id: `${tag}${100 + i}`,
    email: `c${i}-${tag}@example.mx`,
  }));
}

type Rows = ImportRowsInput['rows'];

function fileRows(people: ReturnType<typeof clients>) {
  const members: Rows = people.map((person, i) => ({
    line: i + 2,
    values: {
      id: person.id,
      firstName: i === 0 ? 'José' : `Ana${i}`,
      lastName: 'Núñez',
      email: person.email,
      mobile: '81 1234 5678',
      birthday: '07/04/1990',
      marketing: 'Yes',
      waiverSignedAt: '01/15/2024',
    },
  }));
  const balances: Rows = people.map((person, i) => ({
    line: i + 2,
    values: {
      id: `pk-${person.id}`,
      clientId: person.id,
      name: '10 Class Pack',
      remaining: '7',
      expiresAt: '01/31/2027',
    },
  }));
  const visits: Rows = people.flatMap((person, i) => [
    {
      line: 2 * i + 2,
      values: {
        id: `v1-${person.id}`,
        clientId: person.id,
        date: '03/01/2025',
        className: 'Ride',
        signedIn: 'true',
      },
    },
    {
      line: 2 * i + 3,
      values: {
        id: `v2-${person.id}`,
        clientId: person.id,
        date: '03/08/2025',
        className: 'Ride',
        signedIn: 'false',
      },
    },
  ]);
  return { members, balances, visits };
}

const DAILY = 'import-test-daily';
beforeAll(async () => {
  await backend.db.ref(paths.plan(DAILY)).set({
    kind: 'unlimited',
    name: 'Unlimited, one class a day',
    interval: 'month',
    price: 12900,
    currency: 'USD',
    dailyCap: 1,
    commitment: { periods: 6 },
    active: true,
    order: 1,
  });
});

function contracts(people: ReturnType<typeof clients>): Rows {
  return [
    {
      line: 2,
      values: {
        id: `cc-${people[0]?.id}`,
        clientId: people[0]?.id ?? '',
        name: 'UNLIMITED – one class a day',
        status: 'Active',
        startDate: '03/01/2025',
        nextBilling: '12/15/2026',
      },
    },
    {
      line: 3,
      values: {
        id: `cc-${people[1]?.id}`,
        clientId: people[1]?.id ?? '',
        name: 'Monthly Unlimited (Autopay)',
        status: 'Suspended',
        paidThrough: '12/31/2026',
        resumesOn: '12/10/2026',
      },
    },
    {
      line: 4,
      values: {
        id: `cc-old-${people[1]?.id}`,
        clientId: people[1]?.id ?? '',
        name: 'Unlimited, one class a day',
        status: 'Terminated',
        paidThrough: '12/31/2026',
      },
    },
  ];
}

async function runImport(
  files: Partial<Record<ImportEntity, Rows>>,
  options: {
    dryRun?: boolean;
    db?: Database;
    plans?: Record<string, string>;
    /** Each file's batch on a new instance, which has learnt no client's account yet. */
    newInstances?: boolean;
  } = {},
) {
  const entities = (['members', 'balances', 'memberships', 'visits'] as const).filter(
    (entity) => files[entity] !== undefined,
  );
  const d = deps(options.db);
  const { runId } = await startImport(d, {
    by: 'admin-1',
    source: 'mindbody',
    dryRun: options.dryRun ?? false,
    files: entities.map((entity) => ({
      name: `${entity}.csv`,
      entity,
      rows: files[entity]?.length ?? 0,
    })),
    columns: {},
    plans: options.plans ?? {},
    dateOrder: 'mdy',
  });
  const results: Record<string, RowResult[]> = {};
  for (const [file, entity] of entities.entries()) {
    let steps = { importRows };
    if (options.newInstances) {
      vi.resetModules();
      steps = await import('../../src/handlers/import/steps');
    }
    const { rows } = await steps.importRows(d, {
      by: 'admin-1',
      runId,
      file,
      rows: files[entity] ?? [],
    });
    results[entity] = rows;
  }
  const finished = await finishImport(d, { by: 'admin-1', runId });
  return { runId, results, finished };
}

async function val(path: string): Promise<unknown> {
  return (await backend.db.ref(path).get()).val();
}

/** Everything but the runs' own records: what an import changes in the studio. */
async function studioState(): Promise<Record<string, unknown>> {
  const all = ((await dump(backend.db)) ?? {}) as Record<string, unknown>;
  const { ImportRuns: _runs, ImportRunRows: _rows, AuditLog: _audit, ...rest } = all;
  return rest;
}

describe('an import from Mindbody', () => {
  it('brings members, their packs and their history, with one invitation each', async () => {
    const people = clients(2);
    const { runId, results, finished } = await runImport(fileRows(people));
    expect(results['members']?.map((row) => row.outcome)).toEqual(['created', 'created']);
    expect(results['balances']?.map((row) => row.detail)).toEqual([
      '7 credits, expire 2027-01-31',
      '7 credits, expire 2027-01-31',
    ]);
    expect(finished).toEqual({
      status: 'finished',
      counts: { created: 8, updated: 0, unchanged: 0, skipped: 0 },
    });

    const uid = importedUid('mindbody', people[0]?.id ?? '');
    const account = await backend.auth.getUser(uid);
    expect(account.email).toBe(people[0]?.email);
    expect(account.passwordHash).toBeUndefined();
    expect(await val(paths.user(uid))).toMatchObject({
      Name: 'José Núñez',
      Email: people[0]?.email,
      Phone: '+528112345678',
      Birthday: '1990-07-04',
      MarketingConsent: true,
      Conditions: true,
      Credits: 7,
      importedFrom: { source: 'mindbody', id: people[0]?.id },
    });
    expect(await val(paths.userDirectoryEntry(uid))).toMatchObject({
      name: 'José Núñez',
      nameKey: 'jose nunez',
      credits: 7,
    });
    const credits = Object.values(
      (await val(paths.userField(uid, 'credits-list'))) as Record<
        string,
        { expiresAt: number; source: string }
      >,
    );
    expect(credits).toHaveLength(7);
    expect(
      credits.every(
        (credit) =>
          credit.source === 'import' &&
          credit.expiresAt === toEpoch('2027-02-01', '00:00', 'America/Monterrey'),
      ),
    ).toBe(true);
    const ledger = (await val(paths.creditLedger(uid))) as Record<string, { reason: string }>;
    expect(Object.values(ledger).map((entry) => entry.reason)).toEqual([
      'Imported from Mindbody: 7 credits, expire 2027-01-31',
    ]);
    expect(await val(paths.mailOutboxEntry(mailOutboxIds.welcome(uid)))).toMatchObject({
      kind: 'welcome',
      uid,
      status: 'pending',
      message: { invitation: { from: 'Mindbody' }, waiverAccepted: true },
    });
    expect(await val(paths.importedHistory(uid))).toMatchObject({
      firstVisit: '2025-03-01',
      lastVisit: '2025-03-08',
      attended: 1,
      noShow: 1,
      classes: { ride: { name: 'Ride', attended: 1, noShow: 1 } },
    });
    const audit = auditEntrySchema.parse(await val(paths.auditEntry(runId)));
    expect(audit).toMatchObject({
      by: 'admin-1',
      action: 'importStudio',
      details: { status: 'finished' },
    });
    const report = [];
    for await (const row of runReport(deps(), runId)) report.push(row);
    expect(report).toHaveLength(8);
  });

  it('changes nothing when the same files run again', async () => {
    const people = clients(2);
    const files = fileRows(people);
    await runImport(files);
    const before = await studioState();
    const again = await runImport(files);
    expect(
      Object.values(again.results)
        .flat()
        .every((row) => row.outcome === 'unchanged'),
    ).toBe(true);
    expect(await studioState()).toEqual(before);
  });

  it('moves a pack to the launch-day count with one adjust line', async () => {
    const people = clients(1);
    const files = fileRows(people);
    await runImport(files);
    const launch = files.balances.map((row) => ({
      ...row,
      values: { ...row.values, remaining: '5' },
    }));
    const { results } = await runImport({ balances: launch });
    expect(results['balances']?.[0]).toMatchObject({
      outcome: 'updated',
      detail: '5 credits (-2), expire 2027-01-31',
    });
    const uid = importedUid('mindbody', people[0]?.id ?? '');
    expect(await val(paths.userField(uid, 'Credits'))).toBe(5);
    const reasons = Object.values(
      (await val(paths.creditLedger(uid))) as Record<string, { reason: string; delta: number }>,
    );
    expect(reasons.map((entry) => [entry.reason, entry.delta])).toContainEqual([
      'Updated from Mindbody: 5 credits, expire 2027-01-31',
      -2,
    ]);
  });

  it('explains every refused row and writes nothing for it', async () => {
    const people = clients(3);
    // A member of the studio already, with another name, on the third client's address.
    const existing = `member-${randomUUID()}`;
    await backend.auth.createUser({ uid: existing, email: people[2]?.email });
    await backend.db
      .ref(paths.user(existing))
      .set({ Name: 'Someone Else', Email: people[2]?.email });
    const before = await studioState();
    const { results } = await runImport({
      members: [
        { line: 2, values: { id: people[0]?.id ?? '', firstName: 'Ana', email: 'not-an-email' } },
        {
          line: 3,
          values: {
            id: people[1]?.id ?? '',
            firstName: 'Bea',
            email: people[1]?.email ?? '',
            mobile: '12',
          },
        },
        {
          line: 4,
          values: { id: people[2]?.id ?? '', firstName: 'Cata', email: people[2]?.email ?? '' },
        },
        { line: 5, values: { id: people[2]?.id ?? '' }, duplicateOf: 4 },
      ],
      balances: [
        { line: 2, values: { clientId: 'nobody', remaining: '3' } },
        { line: 3, values: { clientId: people[0]?.id ?? '', remaining: '-1' } },
      ],
    });
    expect(results['members']?.map((row) => row.problems?.[0]?.reason)).toEqual([
      'invalidEmail',
      'invalidPhone',
      'existingDifferent',
      'duplicateInFile',
    ]);
    expect(results['balances']?.map((row) => row.problems?.[0]?.reason)).toEqual([
      'unknownMember',
      'negativeBalance',
    ]);
    expect(await studioState()).toEqual(before);
  });

  it('writes nothing but its report in a dry run, and says what would happen', async () => {
    const people = clients(2);
    const before = await studioState();
    const { results, runId } = await runImport(fileRows(people), { dryRun: true });
    expect(results['members']?.map((row) => row.outcome)).toEqual(['created', 'created']);
    // The packs and visits read as they will once the members file has made the accounts.
    expect(results['balances']?.map((row) => row.detail)).toEqual([
      '7 credits, expire 2027-01-31',
      '7 credits, expire 2027-01-31',
    ]);
    expect(results['visits']?.map((row) => row.outcome)).toEqual([
      'created',
      'created',
      'created',
      'created',
    ]);
    expect(await studioState()).toEqual(before);
    expect(await val(paths.importDryRunMembers(runId))).toBeNull();
    expect(await val(`${paths.importRun(runId)}/dryRun`)).toBe(true);
  });
});

describe('imported memberships', () => {
  it("maps plans by name or by the admin's choice, keeps the paid period and the pause", async () => {
    const people = clients(2);
    const { members } = fileRows(people);
    const first = await runImport({ members, memberships: contracts(people) });
    expect(first.results['memberships']?.map((row) => row.problems?.[0])).toEqual([
      undefined,
      { reason: 'unknownPlan', field: 'plan', params: { name: 'Monthly Unlimited (Autopay)' } },
      { reason: 'membershipEnded', field: 'status' },
    ]);
    const uid = importedUid('mindbody', people[0]?.id ?? '');
    const held = (await val(paths.membership(uid))) as Record<string, unknown>;
    expect(held).toMatchObject({
      id: `import-cc-${people[0]?.id}`,
      planId: DAILY,
      source: 'import',
      status: 'active',
      startedAt: toEpoch('2025-03-01', '00:00', 'America/Monterrey'),
      periodEnd: toEpoch('2026-12-15', '00:00', 'America/Monterrey'),
      terms: { kind: 'unlimited', name: 'Unlimited, one class a day', dailyCap: 1 },
    });
    // The old studio's commitment is not carried over.
    expect(held['commitmentEndsAt']).toBeUndefined();
    expect(await val(paths.membershipRecord(`import-cc-${people[0]?.id}`))).toEqual(held);
    expect(first.results['memberships']?.[0]?.detail).toBe(
      'Unlimited, one class a day, paid through 2026-12-14, no card here: ends unless the member adds one',
    );

    // The mapping step's choice for the unknown name, then the same file again.
    const second = await runImport(
      { memberships: contracts(people) },
      { plans: { monthlyunlimitedautopay: DAILY } },
    );
    expect(second.results['memberships']?.map((row) => row.outcome)).toEqual([
      'unchanged',
      'created',
      'skipped',
    ]);
    expect(second.results['memberships']?.[1]?.detail).toBe(
      'Unlimited, one class a day, paid through 2026-12-31, frozen until 2026-12-10, no card here: ends unless the member adds one',
    );
    const frozen = importedUid('mindbody', people[1]?.id ?? '');
    expect(await val(paths.membership(frozen))).toMatchObject({
      frozenUntil: toEpoch('2026-12-10', '00:00', 'America/Monterrey'),
      freezes: { import: { until: toEpoch('2026-12-10', '00:00', 'America/Monterrey') } },
    });
    const mapping = (await val(paths.importMapping('mindbody'))) as Record<string, unknown>;
    expect(mapping['plans']).toEqual({ monthlyunlimitedautopay: DAILY });

    // A launch-day file moves the paid period; a member holding another plan is explained.
    const launch = contracts(people).slice(0, 1);
    const moved = launch.map((row) => ({
      ...row,
      values: { ...row.values, nextBilling: '01/15/2027' },
    }));
    const third = await runImport({
      memberships: [
        ...moved,
        { ...moved[0], line: 3, values: { ...moved[0]?.values, id: 'another-contract' } },
      ],
    });
    expect(third.results['memberships']?.map((row) => row.outcome)).toEqual(['updated', 'skipped']);
    expect(third.results['memberships']?.[1]?.problems?.[0]).toEqual({
      reason: 'planHeld',
      params: { name: 'Unlimited, one class a day' },
    });
    expect(await val(paths.membership(uid))).toMatchObject({
      periodEnd: toEpoch('2027-01-15', '00:00', 'America/Monterrey'),
      startedAt: toEpoch('2025-03-01', '00:00', 'America/Monterrey'),
    });
  });

  it('writes no membership in a dry run', async () => {
    const people = clients(2);
    await runImport({ members: fileRows(people).members });
    const before = await studioState();
    const { results } = await runImport({ memberships: contracts(people) }, { dryRun: true });
    expect(results['memberships']?.map((row) => row.outcome)).toEqual([
      'created',
      'skipped',
      'skipped',
    ]);
    expect(await studioState()).toEqual(before);
  });
});

describe('batches on several instances', () => {
  it("read the clients' accounts from the database: a dry run's and a run's", async () => {
    const people = clients(2);
    const dry = await runImport(fileRows(people), { dryRun: true, newInstances: true });
    expect(dry.results['balances']?.map((row) => [row.outcome, row.detail])).toEqual([
      ['created', '7 credits, expire 2027-01-31'],
      ['created', '7 credits, expire 2027-01-31'],
    ]);
    expect(dry.results['visits']?.map((row) => row.outcome)).toEqual([
      'created',
      'created',
      'created',
      'created',
    ]);
    const run = await runImport(fileRows(people), { newInstances: true });
    expect(run.results['balances']?.map((row) => row.outcome)).toEqual(['created', 'created']);
    for (const person of people) {
      const uid = importedUid('mindbody', person.id);
      expect(await val(paths.userField(uid, 'Credits'))).toBe(7);
      expect(Object.keys((await val(paths.creditLedger(uid))) as object)).toEqual([
        `import-pk-${person.id}`,
      ]);
      expect(await val(paths.ledgerOutbox(uid))).toBeNull();
      expect(await val(paths.userDirectoryField(uid, 'credits'))).toBe(7);
      expect(await val(paths.importedHistory(uid))).toMatchObject({ attended: 1, noShow: 1 });
    }
    expect(await val(paths.importRunMembers(run.runId))).toBeNull();
    const again = await runImport(fileRows(people), { newInstances: true });
    for (const entity of ['members', 'balances', 'visits'])
      expect(new Set(again.results[entity]?.map((row) => row.outcome))).toEqual(
        new Set(['unchanged']),
      );
  });
});

describe('an import cut short', () => {
  it('resumes at any write without duplicates: one account, one grant, one invitation', async () => {
    // The writes of one clean run, counted on a throwaway set of clients.
    let writes = 0;
    const counted = clients(2);
    await runImport(
      { ...fileRows(counted), memberships: contracts(counted) },
      {
        plans: { monthlyunlimitedautopay: DAILY },
        db: hookedDatabase(backend.db, (write) => void (write.when === 'after' && (writes += 1))),
      },
    );
    expect(writes).toBeGreaterThan(10);

    for (let crashAt = 1; crashAt <= writes; crashAt += 1) {
      const people = clients(2);
      const files = { ...fileRows(people), memberships: contracts(people) };
      const plans = { monthlyunlimitedautopay: DAILY };
      let seen = 0;
      const crashing = hookedDatabase(backend.db, (write) => {
        if (write.when !== 'after') return;
        seen += 1;
        if (seen === crashAt)
          throw new SimulatedCrash(`after write ${crashAt}: ${write.kind} ${write.path}`);
      });
      // A crash stops the run, except inside the mail enqueue, which logs it and goes on (the
      // next run enqueues what is missing).
      await runImport(files, { db: crashing, plans }).catch((error: unknown) => {
        if (!(error instanceof SimulatedCrash)) throw error;
      });
      expect(seen).toBeGreaterThanOrEqual(crashAt);
      await runImport(files, { plans });

      for (const person of people) {
        const uid = importedUid('mindbody', person.id);
        const label = `crash after write ${crashAt}, ${person.id}`;
        expect(
          (await backend.auth.getUsers([{ email: person.email }])).users.map((user) => user.uid),
          label,
        ).toEqual([uid]);
        expect(await val(paths.userField(uid, 'Credits')), label).toBe(7);
        expect(
          Object.keys((await val(paths.userField(uid, 'credits-list'))) as object),
          label,
        ).toHaveLength(7);
        expect(Object.keys((await val(paths.creditLedger(uid))) as object), label).toEqual([
          `import-pk-${person.id}`,
        ]);
        expect(
          await val(`${paths.mailOutboxEntry(mailOutboxIds.welcome(uid))}/status`),
          label,
        ).toBe('pending');
        expect(await val(paths.importedHistory(uid)), label).toMatchObject({
          attended: 1,
          noShow: 1,
        });
        expect(await val(`${paths.importedMember('mindbody', person.id)}/invited`), label).toBe(
          true,
        );
        const plan = await val(paths.membership(uid));
        expect(plan, label).toMatchObject({ id: `import-cc-${person.id}`, planId: DAILY });
        expect(await val(paths.membershipRecord(`import-cc-${person.id}`)), label).toEqual(plan);
      }
    }
  }, 300_000);
});
