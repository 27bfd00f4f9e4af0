// `npm run admin -- grant <email> admin|staff|coach|member`, `npm run admin -- list` and
// `npm run admin -- branch <id> <name>`: what a new project needs before anyone can use the admin
// screens (nobody can call `setUserRole` yet, and no screen creates branches), and repairs.
// `grant` runs the `setUserRole` handler itself (claim, `Users/{uid}/Admin`, audit entry by
// 'cli'); `branch` runs `saveCatalogItem` (validated like the callable, audited); see
// scripts/README.md.
import { parseArgs } from 'node:util';
import Stripe from 'stripe';
import { FirebaseAuthError } from 'firebase-admin/auth';
import type { UserRecord } from 'firebase-admin/auth';
import {
  ROLES,
  adminFlagForRole,
  isPrivileged,
  branchSchema,
  branchScopeFromClaims,
  keySchema,
  paths,
  roleFromAdminFlag,
  roleFromClaims,
  roleSchema,
  takesBranchScope,
} from '@studio/core';
import type { Branch, Role } from '@studio/core';
import { saveCatalogItem } from '../functions/src/handlers/catalogue/save-catalog-item.ts';
import { moveCouponRedemptions } from '../functions/src/handlers/payments/coupons/move-coupon-redemptions.ts';
import { rebuildUserDirectory } from '../functions/src/handlers/users/rebuild-user-directory.ts';
import { setUserRole } from '../functions/src/handlers/users/set-user-role.ts';
import {
  DATE_ORDERS,
  IMPORT_SOURCES,
  type DateOrder,
  type ImportSource,
} from '@studio/core/import';
import { isSupportedCountry, type CountryCode } from 'libphonenumber-js/min';
import { CommandError, openTarget, readWithin } from './lib/admin-target.ts';
import { runImportCommand } from './lib/import-command.ts';
import { runExportCommand } from './lib/export-command.ts';
import type { Target, TargetOptions } from './lib/admin-target.ts';

/** `AuditLog/{id}/by` of a command-line change (core's audit schema: a uid, 'system' or 'cli'). */
const CLI_ACTOR = 'cli';

const USAGE = `Usage:
  npm run admin -- grant <email> ${ROLES.join('|')} [--branch <id>] [--allow-unverified] [--project <id>] [--database-url <url>]
  npm run admin -- list [--project <id>] [--database-url <url>]
  npm run admin -- branch <id> <name> [--address <text>] [--phone <text>] [--project <id>] [--database-url <url>]
  npm run admin -- directory [--project <id>] [--database-url <url>]
  npm run admin -- coupon-redemptions [--project <id>] [--database-url <url>]
  npm run admin -- import <file…> [--source ${IMPORT_SOURCES.join('|')}] [--dry-run] [--card-mapping <file.csv>]
                   [--date-order mdy|dmy|ymd] [--country MX] [--report <file.csv>] [--project <id>] [--database-url <url>]
  npm run admin -- export <folder> [--project <id>] [--database-url <url>]

grant  gives the account with that e-mail the role, exactly as the setUserRole function does:
       the custom claim 'role', Users/{uid}/Admin, and an AuditLog entry by 'cli'. Admin, staff
       and coach go only to an account whose e-mail is verified (anyone can register an address):
       its owner signs in and opens the link in the verification e-mail first.
       --allow-unverified skips that, with a warning and a note in the audit entry.
       --branch <id> (admin or staff only) makes them that branch's manager: the claim 'branch'
       next to 'role', recorded in the audit entry; without it the role covers the whole chain.
list   shows the accounts that hold the admin, staff or coach role (claim or Admin field), and
       the branch a manager is scoped to.
branch creates or replaces Branches/<id> (the id the web app sells for: VITE_STUDIO_BRANCH,
       'centro' by default), validated and audited as the admin screens' saveCatalogItem.
directory rebuilds UserDirectory (the member directory all-users reads) from Users: run it once
       after deploying the directory over existing members; safe to repeat.
import brings members, their packs (credits with their expiry) and visit history over from
       another system's CSV or XLSX exports (docs/architecture/import.md): each row is imported
       or explained, the report is written as CSV; running it again changes nothing. Exit 0 when
       every row was imported or explained, 1 when a file cannot be read (nothing is written).
       --card-mapping names Stripe's migration mapping (old customer id → Stripe customer and
       card): a membership of a mapped member is billed from its next billing date through a
       Stripe subscription (STRIPE_SECRET_KEY, and STRIPE_API_URL for the local sandbox).
export writes the whole studio in the import's generic template into <folder>.
coupon-redemptions moves the redemption markers of coupons counted by the older layout out of
       Coupons into CouponRedemptions (crear-cupones lists them there): run it once; safe to repeat.

Where: the emulators when FIREBASE_AUTH_EMULATOR_HOST and FIREBASE_DATABASE_EMULATOR_HOST are
set (project demo-studio unless given); otherwise the project of --project, GOOGLE_CLOUD_PROJECT
or GCLOUD_PROJECT, signed in with Application Default Credentials ("gcloud auth
application-default login") or GOOGLE_APPLICATION_CREDENTIALS (a service-account key file).
The database is --database-url, or https://<project>-default-rtdb.firebaseio.com.`;

class UsageError extends Error {}

type Command =
  | {
      name: 'grant';
      email: string;
      role: Role;
      branch: string | undefined;
      allowUnverified: boolean;
      target: TargetOptions;
    }
  | { name: 'list'; target: TargetOptions }
  | { name: 'branch'; id: string; branch: Branch; target: TargetOptions }
  | { name: 'directory'; target: TargetOptions }
  | { name: 'coupon-redemptions'; target: TargetOptions }
  | {
      name: 'import';
      files: string[];
      cardMappings: string[];
      source: ImportSource | undefined;
      dryRun: boolean;
      dateOrder: DateOrder | undefined;
      country: CountryCode;
      report: string | undefined;
      target: TargetOptions;
    }
  | { name: 'export'; folder: string; target: TargetOptions }
  | { name: 'help' };

function parseCommand(argv: string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        project: { type: 'string' },
        'database-url': { type: 'string' },
        address: { type: 'string' },
        phone: { type: 'string' },
        source: { type: 'string' },
        'dry-run': { type: 'boolean' },
        'date-order': { type: 'string' },
        country: { type: 'string' },
        report: { type: 'string' },
        'card-mapping': { type: 'string', multiple: true },
        'allow-unverified': { type: 'boolean' },
        branch: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) return { name: 'help' };
  const target: TargetOptions = { project: values.project, databaseUrl: values['database-url'] };
  const [name, ...rest] = positionals;
  if ((values.address !== undefined || values.phone !== undefined) && name !== 'branch') {
    throw new UsageError('--address and --phone go with "branch".');
  }
  const allowUnverified = values['allow-unverified'] === true;
  if (allowUnverified && name !== 'grant') {
    throw new UsageError('--allow-unverified goes with "grant".');
  }
  if (values.branch !== undefined && name !== 'grant') {
    throw new UsageError('--branch goes with "grant".');
  }
  const importOnly = [
    'source',
    'dry-run',
    'date-order',
    'country',
    'report',
    'card-mapping',
  ] as const;
  if (importOnly.some((option) => values[option] !== undefined) && name !== 'import') {
    throw new UsageError(
      '--source, --dry-run, --date-order, --country, --report and --card-mapping go with "import".',
    );
  }
  if (name === 'import' && rest.length > 0) {
    const source = values.source;
    if (source !== undefined && !(IMPORT_SOURCES as readonly string[]).includes(source)) {
      throw new UsageError(`Unknown source "${source}": use ${IMPORT_SOURCES.join(', ')}.`);
    }
    const dateOrder = values['date-order'];
    if (dateOrder !== undefined && !(DATE_ORDERS as readonly string[]).includes(dateOrder)) {
      throw new UsageError(`Unknown date order "${dateOrder}": use ${DATE_ORDERS.join(', ')}.`);
    }
    const country = (values.country ?? 'MX').toUpperCase();
    if (!isSupportedCountry(country))
      throw new UsageError(`"${country}" is not a country code (e.g. MX, US, ES).`);
    return {
      name,
      files: rest,
      cardMappings: values['card-mapping'] ?? [],
      source: source as ImportSource | undefined,
      dryRun: values['dry-run'] === true,
      dateOrder: dateOrder as DateOrder | undefined,
      country,
      report: values.report,
      target,
    };
  }
  if (name === 'export' && rest.length === 1) return { name, folder: rest[0] as string, target };
  if (name === 'list' && rest.length === 0) return { name, target };
  if (name === 'directory' && rest.length === 0) return { name, target };
  if (name === 'coupon-redemptions' && rest.length === 0) return { name, target };
  if (name === 'branch' && rest.length === 2) {
    const [id, branchName] = rest as [string, string];
    if (!keySchema.safeParse(id).success) {
      throw new CommandError(
        `"${id}" cannot be a branch id: no . $ # [ ] / or control characters.`,
      );
    }
    const checked = branchSchema.safeParse({
      name: branchName,
      address: values.address,
      phone: values.phone,
    });
    if (!checked.success) {
      const issues = checked.error.issues.map(
        (issue) => `${issue.path.join('.')}: ${issue.message}`,
      );
      throw new CommandError(`Not a valid branch (${issues.join('; ')}).`);
    }
    return { name, id, branch: checked.data, target };
  }
  if (name === 'grant' && rest.length === 2) {
    const [email, role] = rest as [string, string];
    const checked = roleSchema.safeParse(role);
    if (!checked.success) {
      throw new CommandError(`Unknown role "${role}": use ${ROLES.join(', ')}.`);
    }
    const branch = values.branch;
    if (branch !== undefined && !keySchema.safeParse(branch).success) {
      throw new CommandError(
        `"${branch}" cannot be a branch id: no . $ # [ ] / or control characters.`,
      );
    }
    if (branch !== undefined && !takesBranchScope(checked.data)) {
      throw new CommandError(
        `Only an admin or staff can be given a branch of their own, not ${checked.data}.`,
      );
    }
    return { name, email, role: checked.data, branch, allowUnverified, target };
  }
  throw new UsageError(
    name === undefined ? 'No command given.' : `Cannot run "${positionals.join(' ')}".`,
  );
}

async function accountByEmail(target: Target, email: string): Promise<UserRecord> {
  try {
    return await target.auth.getUserByEmail(email);
  } catch (error) {
    if (error instanceof FirebaseAuthError && error.code === 'auth/user-not-found') {
      throw new CommandError(
        `No account with the e-mail ${email} in ${target.label}: they sign up in the app first, then run this again.`,
      );
    }
    if (error instanceof FirebaseAuthError && error.code === 'auth/invalid-email') {
      throw new CommandError(`"${email}" is not an e-mail address.`);
    }
    throw error;
  }
}

/** Why a staff role waits for a verified e-mail, and how its owner verifies it. */
function unverifiedRefusal(email: string, role: Role, target: Target): CommandError {
  return new CommandError(
    [
      `${email} has not verified its e-mail in ${target.label}, so it does not get the ${role} role:`,
      'anyone can register an address, and whoever registered this one first holds the account.',
      `The owner signs in to the app as ${email} and opens the link in the verification e-mail`,
      '(Profile → "Send the verification e-mail again" if it was lost), then run this again.',
      'Only if you know the account is theirs: add --allow-unverified (recorded in the audit log).',
    ].join('\n'),
  );
}

async function grant(
  target: Target,
  { email, role, branch, allowUnverified }: Extract<Command, { name: 'grant' }>,
): Promise<void> {
  // setUserRole refuses it too (branchNotFound); asked first so the message names the branch.
  if (
    branch !== undefined &&
    !(await readWithin(target, target.db.ref(paths.branch(branch)).get())).exists()
  ) {
    throw new CommandError(
      `There is no branch "${branch}" in ${target.label}: create it with "npm run admin -- branch ${branch} <name>" first.`,
    );
  }
  const account = await accountByEmail(target, email);
  const unverified = account.emailVerified !== true && isPrivileged(role);
  if (unverified && !allowUnverified) throw unverifiedRefusal(email, role, target);
  if (unverified)
    console.error(
      [
        '',
        `⚠⚠⚠ WARNING: ${email} has NOT verified its e-mail. Giving it the ${role} role anyway`,
        '    (--allow-unverified). If someone other than the owner registered this address, they',
        '    now hold that role. The audit entry records that the e-mail was not verified.',
        '',
      ].join('\n'),
    );
  // The handler reads this too; read first with a deadline so a wrong --database-url stops
  // here, before the claim is written.
  await readWithin(target, target.db.ref(paths.userField(account.uid, 'Admin')).get());
  const outcome = await setUserRole(
    { db: target.db, auth: target.auth, now: Date.now },
    {
      by: CLI_ACTOR,
      operator: target.operator,
      uid: account.uid,
      role,
      ...(branch === undefined ? {} : { branch }),
      allowUnverified,
    },
  );
  const scope = branch === undefined ? '' : ` of branch ${branch}`;
  const branchClaim = branch === undefined ? '' : ` branch=${branch}`;
  console.log(
    `✔ ${email} (${account.uid}) is now ${role}${scope} in ${target.label}, was ${outcome.before}: ` +
      `claim role=${role}${branchClaim}, Users/${account.uid}/Admin=${JSON.stringify(adminFlagForRole(role))}, ` +
      `audit entry ${outcome.auditId}.`,
  );
  console.log(
    '  The app shows it at once; the security rules see it at their next sign-in (or when their session refreshes, within the hour).',
  );
}

async function saveBranch(target: Target, id: string, branch: Branch): Promise<void> {
  const outcome = await saveCatalogItem(
    { db: target.db, now: Date.now },
    { by: CLI_ACTOR, collection: 'branches', id, value: branch },
  );
  console.log(
    `✔ Branches/${outcome.id} saved in ${target.label} ("${branch.name}"), audit entry ${outcome.auditId}.`,
  );
}

async function rebuildDirectory(target: Target): Promise<void> {
  // The first read answers in time or names the database, before the walk starts.
  await readWithin(target, target.db.ref(paths.userDirectory()).limitToFirst(1).get());
  const report = await rebuildUserDirectory({ db: target.db });
  console.log(
    `✔ Member directory in ${target.label}: ${report.written} entries written, ` +
      `${report.removed} removed, ${report.failed} failed.`,
  );
  if (report.failed > 0) {
    throw new CommandError(`${report.failed} entries failed (logged above): run it again.`);
  }
}

async function moveRedemptions(target: Target): Promise<void> {
  await readWithin(target, target.db.ref(paths.coupons()).limitToFirst(1).get());
  const report = await moveCouponRedemptions(target.db);
  console.log(
    `✔ Coupon redemptions in ${target.label}: ${report.markers} markers written, ` +
      `${report.coupons} coupons cleaned.`,
  );
}

interface StaffRow {
  uid: string;
  email: string;
  /** The custom claim: what the security rules check. */
  claim: Role;
  /** `Users/{uid}/Admin` as stored: what the app reads. */
  field: unknown;
  /** The custom claim `branch`: the one branch a manager is scoped to (none = the chain). */
  branch: string | undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function staffRows(target: Target): Promise<StaffRow[]> {
  const accounts = new Map<string, UserRecord>();
  let pageToken: string | undefined;
  do {
    const page = await target.auth.listUsers(1000, pageToken);
    for (const user of page.users) accounts.set(user.uid, user);
    pageToken = page.pageToken;
  } while (pageToken);
  // Users has no index on Admin, so a query would download the node anyway.
  const snapshot = await readWithin(target, target.db.ref(paths.users()).get());
  const users: unknown = snapshot.val();
  const profiles = isRecord(users) ? users : {};

  const uids = new Set<string>();
  const holdsRole = (role: Role) => role !== 'member';
  for (const [uid, user] of accounts) {
    if (holdsRole(roleFromClaims(user.customClaims))) uids.add(uid);
  }
  for (const [uid, profile] of Object.entries(profiles)) {
    if (isRecord(profile) && holdsRole(roleFromAdminFlag(profile['Admin']))) uids.add(uid);
  }
  return [...uids].map((uid) => {
    const account = accounts.get(uid);
    const profile = profiles[uid];
    const storedEmail = isRecord(profile) ? profile['Email'] : undefined;
    return {
      uid,
      email: account?.email ?? (typeof storedEmail === 'string' ? storedEmail : '(no e-mail)'),
      claim: roleFromClaims(account?.customClaims),
      field: isRecord(profile) ? profile['Admin'] : undefined,
      branch: branchScopeFromClaims(account?.customClaims) ?? undefined,
    };
  });
}

async function list(target: Target): Promise<void> {
  const rank = (row: StaffRow) => ROLES.indexOf(row.claim);
  const rows = (await staffRows(target)).sort(
    (a, b) => rank(a) - rank(b) || a.email.localeCompare(b.email),
  );
  if (rows.length === 0) {
    console.log(`No admins or coaches in ${target.label}.`);
    return;
  }
  console.log(`Admins and coaches in ${target.label} (role = the claim the rules check):`);
  const emailWidth = Math.max(...rows.map((row) => row.email.length));
  const uidWidth = Math.max(...rows.map((row) => row.uid.length));
  for (const row of rows) {
    const field = row.field === undefined ? '(none)' : JSON.stringify(row.field);
    const fieldRole = roleFromAdminFlag(row.field);
    const note =
      fieldRole === row.claim ? '' : `  ⚠ Admin says ${fieldRole}: run grant to make them agree`;
    const scope = row.branch === undefined ? '' : `  branch=${row.branch}`;
    console.log(
      `  ${row.claim.padEnd(6)}  ${row.email.padEnd(emailWidth)}  ${row.uid.padEnd(uidWidth)}  Admin=${field}${scope}${note}`,
    );
  }
}

/** The Stripe client the import bills mapped cards with: STRIPE_SECRET_KEY (and the sandbox's STRIPE_API_URL). */
function stripeFromEnv(): Stripe | undefined {
  const key = process.env['STRIPE_SECRET_KEY'];
  if (key === undefined || key === '') return undefined;
  const api = process.env['STRIPE_API_URL'];
  if (api === undefined || api === '') return new Stripe(key);
  const url = new URL(api);
  return new Stripe(key, {
    host: url.hostname,
    port: Number(url.port),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
  });
}

async function importFiles(
  target: Target,
  command: Extract<Command, { name: 'import' }>,
): Promise<void> {
  await readWithin(target, target.db.ref(paths.importMappings()).limitToFirst(1).get());
  // Ctrl-C stops reading: the batches already sent finish, the run is closed as cancelled.
  const stop = new AbortController();
  const onSignal = () => {
    console.error('\n  Stopping after the rows already sent…');
    stop.abort();
  };
  process.once('SIGINT', onSignal);
  try {
    const summary = await runImportCommand(
      { db: target.db, auth: target.auth, now: Date.now, stripe: stripeFromEnv() },
      {
        files: command.files,
        cardMappings: command.cardMappings,
        source: command.source,
        dryRun: command.dryRun,
        dateOrder: command.dateOrder,
        country: command.country,
        report: command.report,
        by: CLI_ACTOR,
      },
      stop.signal,
    );
    const { created, updated, unchanged, skipped } = summary.counts;
    console.log(
      `✔ ${command.dryRun ? 'Dry run' : 'Import'} ${summary.runId} ${summary.status} in ${target.label}: ` +
        `${created} created, ${updated} updated, ${unchanged} unchanged, ${skipped} skipped (each with its reason). ` +
        `Report: ${summary.report}`,
    );
  } finally {
    process.off('SIGINT', onSignal);
  }
}

async function exportStudio(target: Target, folder: string): Promise<void> {
  await readWithin(target, target.db.ref(paths.users()).limitToFirst(1).get());
  const files = await runExportCommand({ db: target.db, now: Date.now }, folder);
  console.log(
    `✔ Exported ${target.label} to ${folder}: ${files.map((file) => `${file.name} (${file.rows} rows)`).join(', ')}.`,
  );
}

function failureLine(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
  // Google's answer to a personal `gcloud` login without a quota project.
  if (/quota project/i.test(text)) {
    return `${text} (run "gcloud auth application-default set-quota-project <project>" and try again)`;
  }
  return text;
}

async function main(argv: string[]): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`✖ ${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
  if (command.name === 'help') {
    console.log(USAGE);
    return 0;
  }
  const target = await openTarget(command.target);
  try {
    if (command.name === 'grant') await grant(target, command);
    else if (command.name === 'branch') await saveBranch(target, command.id, command.branch);
    else if (command.name === 'directory') await rebuildDirectory(target);
    else if (command.name === 'coupon-redemptions') await moveRedemptions(target);
    else if (command.name === 'import') await importFiles(target, command);
    else if (command.name === 'export') await exportStudio(target, command.folder);
    else await list(target);
  } finally {
    await target.close();
  }
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(`✖ ${failureLine(error)}`);
  process.exitCode = 1;
}
// An unanswered database connection would keep the process alive.
process.exit();
