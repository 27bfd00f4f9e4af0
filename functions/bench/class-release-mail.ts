// Class release with e-mail on: `npm run bench -w functions` runs it after
// class-release.ts; alone: `npx tsx bench/class-release-mail.ts` from functions/ (`--no-write`
// prints without touching docs/benchmarks.md). 300 members with credits book one 30-spot class at
// the same instant, in-process (the handler `bookClass` wraps, real admin SDK, the database
// emulator in a child process), in pairs run side by side and alternated:
//   (a) as class-release.ts runs it: no mail;
//   (b) with a MailDev inbox and the sender working as production runs it: every new outbox
//       entry is sent as it appears (a `child_added` listener standing in for the
//       `sendOutboxMail` trigger, which the database emulator does not run) and the sweep runs
//       every MAIL_SWEEP_MS, as on the local stack.
// Both report p50/p95/p99 and the burst's CPU; (b) also the time from the burst's start until
// all 30 confirmations are in MailDev (its REST API polled), and checks exactly 30, one per
// booked member, each with a class.ics. The sender and MailDev run in this process, so (b)'s
// "this process" CPU includes sending and receiving mail that overlaps the burst: in production
// the trigger runs in its own instances. Figures only, no pass/fail; the outcome checks throw.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Database, DataSnapshot } from 'firebase-admin/database';
import { isDomainError, paths, rosterSchema } from '@studio/core';
import { bookClass } from '../src/handlers/booking/book-class';
import type { MailDeps, Mailer } from '../src/handlers/mail/deps';
import { sendOutboxEntry } from '../src/handlers/mail/send-outbox-entry';
import { sweepOutbox } from '../src/handlers/mail/sweep-outbox';
import { createMailTransport, smtpConfigFromEnv } from '../src/mail';
import { databaseRateLimiter } from '../src/engine/rate-limiter';
import { startMailInbox, type MailInbox } from '../../scripts/lib/mail-inbox';
import { MAIL_SWEEP_MS } from '../../scripts/lib/stack';
import { BENCHMARKS_FILE, writeBenchmarkSection } from './benchmarks-file';
import {
  cpuOfProcess,
  log,
  median,
  percentile,
  runBenchmark,
  startBenchStudio,
} from './support/harness';
import {
  memberIds,
  seedCreditMembers,
  seedReleaseClass,
  seedReleaseStudio,
} from './support/seed-release';

const MEMBERS = 300;
const CAPACITY = 30;
const CREDITS_EACH = 6;
/** Pairs of (a) and (b), alternated: a, b, b, a, … so neither always goes first. */
const PAIRS = 5;
/** Past this after the burst's start, the confirmations missing are reported as missing. */
const INBOX_LIMIT_MS = 60_000;
const INBOX_POLL_MS = 25;
const HEADING = '## Class release with e-mail';

const emailOf = (uid: string) => `${uid}@bench.example`;

const seedMembers = (db: Database, uids: readonly string[]) =>
  seedCreditMembers(db, uids, { credits: CREDITS_EACH, email: emailOf });
const seedClass = (db: Database, classId: string) => seedReleaseClass(db, classId, CAPACITY);

/** The sender as production runs it: each new entry sent at once, plus the periodic sweep. */
function startSender(deps: MailDeps, before: ReadonlySet<string>): { stop(): Promise<void> } {
  const inFlight = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const settled = work.catch((error: unknown) => log(`  sender error: ${String(error)}`));
    inFlight.add(settled);
    void settled.finally(() => inFlight.delete(settled));
  };
  // The whole outbox (no query: the emulator here loads no rules, so no `.indexOn`), skipping
  // the entries that were there before, as a creation trigger would.
  const outbox = deps.db.ref(paths.mailOutbox());
  const onAdded = (snapshot: DataSnapshot) => {
    if (snapshot.key !== null && !before.has(snapshot.key))
      track(sendOutboxEntry(deps, snapshot.key));
  };
  outbox.on('child_added', onAdded);
  let sweeping: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = sweepOutbox(deps).finally(() => (sweeping = undefined));
    track(sweeping);
  }, MAIL_SWEEP_MS);
  return {
    async stop() {
      outbox.off('child_added', onAdded);
      clearInterval(timer);
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

interface RunResult {
  label: string;
  mail: boolean;
  latencies: number[];
  wallMs: number;
  booked: number;
  cpu: { clientMs: number; databaseMs: number };
  /** (b): ms from the burst's start until the 30th confirmation was in MailDev. */
  inboxMs?: number;
}

/** Throws unless the inbox holds exactly one confirmation with a class.ics per booked member. */
async function checkConfirmations(
  inbox: MailInbox,
  uids: ReadonlySet<string>,
  booked: readonly string[],
): Promise<void> {
  const mails = (await inbox.messages()).filter((mail) =>
    mail.to.some((to) => uids.has(to.address.replace(/@bench\.example$/, ''))),
  );
  const expected = new Set(booked.map(emailOf));
  const counts = new Map<string, number>();
  for (const mail of mails) {
    for (const to of mail.to) counts.set(to.address, (counts.get(to.address) ?? 0) + 1);
    if (!mail.attachments?.some((file) => file.filename === 'class.ics'))
      throw new Error(`The confirmation to ${mail.to[0]?.address} has no class.ics`);
  }
  const wrong = [...counts].filter(([address, n]) => n !== 1 || !expected.has(address));
  if (mails.length !== booked.length || wrong.length > 0 || counts.size !== expected.size)
    throw new Error(
      `Expected ${booked.length} confirmations, one per booked member; got ${mails.length} (${JSON.stringify(wrong)})`,
    );
}

async function main(): Promise<void> {
  const write = !process.argv.includes('--no-write');
  const studio = await startBenchStudio('bench-class-release-mail');
  const { db, database } = studio;
  const directory = mkdtempSync(path.join(tmpdir(), 'studio-bench-mail-'));
  const inbox = await startMailInbox({ mailDirectory: directory });
  const config = smtpConfigFromEnv({
    SMTP_HOST: inbox.host,
    SMTP_PORT: String(inbox.smtpPort),
    MAIL_FROM: 'Demo Studio <no-reply@demo.studio>',
  });
  const mailer: Mailer = {
    transport: createMailTransport(config),
    from: config.from,
    appUrl: 'https://studio.example',
    unsubscribeEndpoint: 'https://us-central1-demo-studio.cloudfunctions.net/mailUnsubscribe',
    unsubscribeSecret: 'bench-unsubscribe-secret-0123456789',
  };
  const deps = { db, now: Date.now, limits: databaseRateLimiter(db, Date.now) };
  // No Auth emulator here: every bench member's sign-in e-mail is the verified one it seeded.
  const accounts = (uid: string) => Promise.resolve({ email: emailOf(uid), emailVerified: true });
  const mailDeps: MailDeps = { db, accounts, now: Date.now, mailer };
  const results: RunResult[] = [];
  try {
    await seedReleaseStudio(db, { studio: true });
    // Warm-up, not measured: connection, JIT, caches, and one mail through the SMTP transport.
    const warmUids = memberIds('warm', 60);
    await seedMembers(db, warmUids);
    await seedClass(db, 'warm-up');
    await Promise.all(
      warmUids.map((uid) => bookClass(deps, { uid, classId: 'warm-up' }).catch(() => undefined)),
    );
    const warmSender = startSender(mailDeps, new Set());
    const warmDeadline = Date.now() + INBOX_LIMIT_MS;
    while ((await inbox.messages()).length < CAPACITY && Date.now() < warmDeadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    await warmSender.stop();

    const order = Array.from({ length: PAIRS }, (_, i) =>
      i % 2 === 0 ? [false, true] : [true, false],
    ).flat();
    for (const [index, mail] of order.entries()) {
      const run = index + 1;
      const uids = memberIds(`r${run}`, MEMBERS);
      const uidSet = new Set(uids);
      const classId = `release-${run}`;
      await seedMembers(db, uids);
      await seedClass(db, classId);
      const sender = mail
        ? startSender(
            mailDeps,
            new Set(Object.keys(((await db.ref(paths.mailOutbox()).get()).val() ?? {}) as object)),
          )
        : undefined;
      const latencies: number[] = [];
      const clientBefore = process.cpuUsage();
      const databaseBefore = cpuOfProcess(database.child.pid);
      const start = performance.now();
      await Promise.all(
        uids.map((uid) =>
          bookClass(deps, { uid, classId }).then(
            () => latencies.push(performance.now() - start),
            (error: unknown) => {
              if (!isDomainError(error)) throw error;
              latencies.push(performance.now() - start);
            },
          ),
        ),
      );
      const wallMs = performance.now() - start;
      const client = process.cpuUsage(clientBefore);
      const cpu = {
        clientMs: (client.user + client.system) / 1000,
        databaseMs: cpuOfProcess(database.child.pid) - databaseBefore,
      };
      const roster = rosterSchema.parse((await db.ref(paths.classRoster(classId)).get()).val());
      const booked = Object.keys(roster.bookings);
      if (booked.length !== CAPACITY) throw new Error(`${classId}: ${booked.length} booked`);
      let inboxMs: number | undefined;
      if (sender) {
        for (;;) {
          const arrived = (await inbox.messages()).filter((m) =>
            m.to.some((to) => uidSet.has(to.address.replace(/@bench\.example$/, ''))),
          ).length;
          if (arrived >= CAPACITY) {
            inboxMs = performance.now() - start;
            break;
          }
          if (performance.now() - start > INBOX_LIMIT_MS)
            throw new Error(
              `${classId}: ${arrived} of ${CAPACITY} confirmations after ${INBOX_LIMIT_MS} ms`,
            );
          await new Promise((resolve) => setTimeout(resolve, INBOX_POLL_MS));
        }
        await sender.stop();
        await checkConfirmations(inbox, uidSet, booked);
      }
      const result: RunResult = {
        label: `run ${run}: ${mail ? '(b) e-mail on' : '(a) no e-mail'}`,
        mail,
        latencies: latencies.sort((a, b) => a - b),
        wallMs,
        booked: booked.length,
        cpu,
        ...(inboxMs === undefined ? {} : { inboxMs }),
      };
      results.push(result);
      log(row(result));
    }
  } finally {
    mailer.transport.close();
    await studio.stop();
    await inbox.stop();
    rmSync(directory, { recursive: true, force: true });
  }
  const markdown = section(results);
  if (write) {
    writeBenchmarkSection(HEADING, markdown, { after: '## Class release' });
    log(`Written to ${path.relative(process.cwd(), BENCHMARKS_FILE)}`);
  } else log(markdown);
}

const ms = (value: number) => `${Math.round(value)} ms`;

function row(r: RunResult): string {
  const l = r.latencies;
  return `| ${r.label} | ${ms(percentile(l, 50))} | ${ms(percentile(l, 95))} | ${ms(percentile(l, 99))} | ${ms(r.wallMs)} | ${ms(r.cpu.clientMs)} + ${ms(r.cpu.databaseMs)} | ${r.booked} | ${r.inboxMs === undefined ? '—' : `${ms(r.inboxMs)} (30 of 30, each with class.ics)`} |`;
}

/** The median over one side's runs of each figure. */
function medianRow(runs: readonly RunResult[], mail: boolean): string {
  const of = (pick: (r: RunResult) => number) => ms(median(runs.map(pick)));
  const inbox = runs.flatMap((r) => (r.inboxMs === undefined ? [] : [r.inboxMs]));
  return `| **median of ${runs.length} ${mail ? '(b) e-mail on' : '(a) no e-mail'}** | ${of((r) => percentile(r.latencies, 50))} | ${of((r) => percentile(r.latencies, 95))} | ${of((r) => percentile(r.latencies, 99))} | ${of((r) => r.wallMs)} | ${of((r) => r.cpu.clientMs)} + ${of((r) => r.cpu.databaseMs)} | ${CAPACITY} | ${inbox.length === 0 ? '—' : ms(median(inbox))} |`;
}

function section(results: readonly RunResult[]): string {
  return [
    HEADING,
    '',
    `Generated by \`functions/bench/class-release-mail.ts\` on ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} at the end. ` +
      `${MEMBERS} members book one ${CAPACITY}-spot class at once, in-process, in alternated pairs: (a) without mail, (b) with a MailDev inbox and the sender running as in production ` +
      `(each new outbox entry sent at once, standing in for the \`sendOutboxMail\` trigger, plus the sweep every ${MAIL_SWEEP_MS / 1000} s). ` +
      'Latency from the burst’s start to each answer. CPU: this process (handlers + admin SDK; in (b) also the sender and MailDev, which run here, not in the booking’s instance in production) + the database emulator, during the burst. ' +
      '“Inbox” is the time from the burst’s start until all 30 confirmations were in MailDev (its REST API polled every 25 ms); each (b) run checks exactly 30, one per booked member, each with a class.ics. Compare (a) and (b) only within one run of the file.',
    '',
    '| run | p50 | p95 | p99 | burst | CPU (this process + database) | booked | inbox |',
    '|---|---|---|---|---|---|---|---|',
    ...results.map(row),
    ...[false, true].map((mail) =>
      medianRow(
        results.filter((r) => r.mail === mail),
        mail,
      ),
    ),
  ].join('\n');
}

runBenchmark(main, { exit: true });
