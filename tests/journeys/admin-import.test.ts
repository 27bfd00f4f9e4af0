// The import wizard in a browser, on the local stack with the demo data: an admin loads a
// Mindbody export (clients in Windows-1252 with semicolons, pricing options with a BOM, client
// contracts, visits) on /admin-import, maps the one plan name the studio does not have, runs the
// dry run (nothing written) and the import; an imported member follows the invitation mail's
// link, sets a password through Firebase's reset link, signs in and finds their credits and
// plan on their profile, and adds a card there to keep it (docs/architecture/import.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, formatDate, paths, type Membership } from '@studio/core';
import { importedUid, sourceKey } from '@studio/core/import';
import type { InboxMessage } from '../../scripts/lib/mail-inbox.ts';
import {
  SAMPLE_PLAN_NAMES,
  sampleClients,
  writeSampleExport,
} from '../../scripts/lib/sample-exports.ts';
import { DEMO_PLAN_IDS, demoPlans } from '../../scripts/lib/seed-plans.ts';
import { SERVER, offerAlreadyShown, signedInPage, until, useJourney } from '../support/journey.ts';

const journey = useJourney();
const STEP_TIMEOUT = 420_000;
const PLANS = demoPlans();
const CLIENTS = sampleClients({ clients: 5, packs: 5, visitsPerClient: 2, tag: 'WZ' });
/** The fifth client: their contract's plan name is the unknown one, their pack has 3 left. */
const MEMBER = CLIENTS[4]!;
const MEMBER_UID = importedUid('mindbody', MEMBER.id);
const NEW_PASSWORD = 'moved-from-mindbody-7';
// Dates from today, so the packs and contracts are current whatever day the journey runs.
const TODAY = formatDate(Date.now());
const DATES = {
  packsExpire: addDays(TODAY, 90),
  nextAutopay: addDays(TODAY, 20),
  contractEnds: addDays(TODAY, 200),
};
// 5 clients, 5 packs, 5 contracts, 10 visits.
const ROWS = 25;

const folder = mkdtempSync(path.join(tmpdir(), 'studio-import-journey-'));
const files = writeSampleExport(folder, CLIENTS, {
  packs: 5,
  visitsPerClient: 2,
  visitsAs: 'csv',
  memberships: 5,
  dates: DATES,
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function inbox(): Promise<InboxMessage[]> {
  const response = await fetch(`http://127.0.0.1:${journey.stack.ports.mailInbox}/api/email`);
  if (!response.ok) throw new Error(`MailDev answered ${response.status}`);
  return (await response.json()) as InboxMessage[];
}

/** The Auth emulator's record of the account (what Firebase Auth keeps). */
async function account(uid: string): Promise<{ email?: string; emailVerified?: boolean }> {
  const response = await fetch(
    `http://127.0.0.1:${journey.stack.ports.auth}/identitytoolkit.googleapis.com/v1/projects/${journey.stack.projectId}/accounts:lookup`,
    {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify({ localId: [uid] }),
    },
  );
  const { users } = (await response.json()) as {
    users?: { email?: string; emailVerified?: boolean }[];
  };
  return users?.[0] ?? {};
}

/** The reset link Firebase would have mailed to `email` (the Auth emulator keeps them). */
async function resetLink(email: string): Promise<string | undefined> {
  const response = await fetch(
    `http://127.0.0.1:${journey.stack.ports.auth}/emulator/v1/projects/${journey.stack.projectId}/oobCodes`,
  );
  const { oobCodes } = (await response.json()) as {
    oobCodes: { email: string; requestType: string; oobLink: string }[];
  };
  return oobCodes.find((code) => code.email === email && code.requestType === 'PASSWORD_RESET')
    ?.oobLink;
}

describe('an admin brings the studio over from Mindbody', () => {
  let admin: Page;

  it(
    'loads the files, maps the unknown plan name, dry-runs (nothing written) and imports',
    { timeout: STEP_TIMEOUT },
    async () => {
      await journey.warm(['startImport', 'importRows', 'finishImport']);
      admin = await signedInPage(journey, 'admin@demo.studio');
      await admin.goto(`${journey.baseUrl}/admin-import`);
      await admin.getByRole('heading', { level: 1 }).waitFor();
      await admin
        .getByLabel(/^Export files/)
        .setInputFiles([files.clients, files.pricing, files.contracts!, files.visits]);

      const recognised = admin.locator('.admin-import-recognised li');
      await recognised.first().waitFor();
      expect(await recognised.allTextContents()).toEqual([
        'mindbody-clients.csv: clients, 5 rows',
        'mindbody-pricing-options.csv: packs and credits, 5 rows',
        'mindbody-contracts.csv: memberships, 5 rows',
        'mindbody-visits.csv: visits, 10 rows',
      ]);
      const preview = admin.getByRole('table', { name: 'mindbody-clients.csv' });

      const dryRun = admin.getByRole('button', { name: 'Dry run' });
      expect(await dryRun.isDisabled()).toBe(true);
      await admin
        .getByLabel(`Which plan here is “${SAMPLE_PLAN_NAMES.unknown}”?`)
        .selectOption({ label: PLANS[DEMO_PLAN_IDS.twoAWeek]!.name });
      await preview.waitFor();
      expect(await preview.locator('tbody tr').count()).toBe(5);
      expect(await preview.locator('tbody tr').first().textContent()).toContain('Ready');

      await dryRun.click();
      const result = admin.locator('.admin-import-result');
      await result.getByRole('heading', { name: 'What would happen' }).waitFor(SERVER);
      expect(await result.locator('p').first().textContent()).toBe(
        `${ROWS} created, 0 updated, 0 unchanged, 0 skipped`,
      );
      expect(await journey.read(paths.user(MEMBER_UID))).toBeNull();
      expect(
        await journey.read(paths.importedMember('mindbody', sourceKey(MEMBER.id)!)),
      ).toBeNull();
      expect(await account(MEMBER_UID)).toEqual({});

      await admin.getByRole('button', { name: 'Import', exact: true }).click();
      await result.getByRole('heading', { name: 'What happened' }).waitFor(SERVER);
      expect(await result.locator('p').first().textContent()).toBe(
        `${ROWS} created, 0 updated, 0 unchanged, 0 skipped`,
      );
      // The clients file is Windows-1252: the accents come through ("Íñigo Ibáñez").
      expect(await journey.read(paths.user(MEMBER_UID))).toMatchObject({
        Name: `${MEMBER.first} ${MEMBER.last}`,
        Email: MEMBER.email,
        Credits: 3,
        importedFrom: { source: 'mindbody', id: MEMBER.id },
      });
      const held = (await journey.read(paths.membership(MEMBER_UID))) as Membership;
      expect(held).toMatchObject({ planId: DEMO_PLAN_IDS.twoAWeek, status: 'active' });
      // The other four kept the name the studio has.
      for (const client of CLIENTS.slice(0, 4)) {
        expect(
          await journey.read(`${paths.membership(importedUid('mindbody', client.id))}/planId`),
        ).toBe(DEMO_PLAN_IDS.daily);
      }
      // The choice is kept for the next run (the launch-day import, the command line).
      expect(await journey.read(`${paths.importMapping('mindbody')}/plans`)).toEqual({
        monthlyunlimitedautopay: DEMO_PLAN_IDS.twoAWeek,
      });
      expect(await account(MEMBER_UID)).toMatchObject({
        email: MEMBER.email,
        emailVerified: false,
      });
    },
  );

  it(
    'an imported member sets a password from the invitation, signs in and finds credits and plan',
    { timeout: STEP_TIMEOUT },
    async () => {
      const mails = await until(
        async () => (await inbox()).filter((mail) => mail.to[0]?.address === MEMBER.email),
        (found) => found.length > 0,
      );
      // Only the invitation: nothing else goes to an address the member has not proven yet.
      expect(mails.map((mail) => mail.subject)).toEqual([
        expect.stringMatching(/account is ready$/) as unknown,
      ]);
      const link = /href="([^"]*\/reset-password\?email=[^"]*)"/.exec(mails[0]!.html ?? '')?.[1];
      expect(link).toBe(
        `${journey.baseUrl}/reset-password?email=${encodeURIComponent(MEMBER.email)}`,
      );

      const member = await journey.newPage();
      await offerAlreadyShown(member);
      await member.goto(link!);
      expect(await member.getByLabel(/^Email/).inputValue()).toBe(MEMBER.email);
      await member.getByRole('button', { name: 'Send reset e-mail' }).click();
      await member.getByText(/^We sent a link to reset your password/).waitFor(SERVER);
      const reset = await until(
        () => resetLink(MEMBER.email),
        (found) => found !== undefined,
      );
      // Firebase's own page sets the password (the emulator takes it as a parameter).
      const set = await fetch(`${reset!}&newPassword=${NEW_PASSWORD}`);
      expect(set.ok).toBe(true);
      // Following the link proved the address: from now on every mail reaches it.
      expect(await account(MEMBER_UID)).toMatchObject({ emailVerified: true });

      await journey.signIn(member, MEMBER.email, NEW_PASSWORD);
      await member.goto(`${journey.baseUrl}/tabs/profile-user/${MEMBER_UID}`);
      const credits = member.locator('.profile li', { hasText: 'Class credits:' });
      await credits.waitFor(SERVER);
      expect(await credits.textContent()).toMatch(/Class credits:\s*3/);
      await member.getByText(PLANS[DEMO_PLAN_IDS.twoAWeek]!.name).first().waitFor(SERVER);
      await member
        .getByText(/Imported from Mindbody/)
        .first()
        .waitFor(SERVER);

      // No card came with the plan: the profile asks for one before the paid period ends, and
      // adding it (the plan's checkout, a trial to that day) makes it a Stripe plan, same period.
      const prompt = member.locator('.membership-add-card');
      await prompt.getByText(/^Paid through .* at your previous studio\./).waitFor(SERVER);
      const shots = process.env['IMPORT_SHOTS'];
      if (shots !== undefined)
        for (const width of [390, 1280]) {
          await member.setViewportSize({ width, height: 900 });
          await prompt.scrollIntoViewIfNeeded();
          await member.screenshot({ path: path.join(shots, `add-card-${width}.png`) });
        }
      const imported = (await journey.read(paths.membership(MEMBER_UID))) as Membership;
      await prompt.getByRole('button', { name: 'Add a card' }).click();
      await member.waitForURL(/\/checkout\/cs_[^/]+$/, SERVER);
      await member.getByRole('button', { name: /^Pay / }).click();
      const billed = await until(
        async () => (await journey.read(paths.membership(MEMBER_UID))) as Membership | null,
        (held) => held?.source === 'stripe',
      );
      expect(billed).toMatchObject({
        planId: imported.planId,
        status: 'active',
        periodEnd: imported.periodEnd,
      });
      await member.waitForURL(new RegExp(`/tabs/profile-user/${MEMBER_UID}`), SERVER);
      await member.locator('.membership-add-card').waitFor({ state: 'detached', ...SERVER });
    },
  );
});
