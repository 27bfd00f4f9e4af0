// An imported name is what the old system's export said, which anyone who ever signed up there
// wrote. Followed from the file to every place it goes: the profile and the admins' directory
// (control and direction characters gone), the invitation mail (escaped, shortened, no link,
// never in the subject), the run's CSV report and the studio export (a spreadsheet shows a
// formula as text, never runs it).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths, userSchema } from '@studio/core';
import { importedUid, memberExportLine, reportLine } from '@studio/core/import';
import { renderMail } from '../../src/mail/index.ts';
import { welcomeMessage } from '../../src/mail/invitation.ts';
import { finishImport, importRows, runReport, startImport } from '../../src/handlers/import/steps';
import { context } from '../mail/fixtures.ts';
import { startBackend, type TestBackend } from '../support/backend';

let backend: TestBackend;
const NOW = Date.parse('2026-11-28T18:00:00Z');

beforeAll(async () => {
  backend = await startBackend();
});
afterAll(async () => {
  await backend.stop();
});

const FORMULA = '=HYPERLINK("https://evil.example/p","Pay here")';
const MARKUP = '<img src=x onerror="alert(1)">';
// U+202E turns the rest of a line around on screen ("Ana" + RLO + "gpj.exe" reads "exe.jpg").
const REVERSED = 'Ana\u202egpj.exe';

describe('a hostile name in an imported file', () => {
  it('is harmless in the profile, the directory, the invitation, the report and the export', async () => {
    const tag = randomUUID().slice(0, 8);
    const id = `@SUM(1+1)*cmd|' /C calc'!A0-${tag}`;
    const deps = { db: backend.db, auth: backend.auth, now: () => NOW };
    const { runId } = await startImport(deps, {
      by: 'admin-1',
      source: 'mindbody',
      dryRun: false,
      files: [{ name: 'clients.csv', entity: 'members', rows: 1 }],
      dateOrder: 'mdy',
    });
    const { rows } = await importRows(deps, {
      by: 'admin-1',
      runId,
      file: 0,
      rows: [
        {
          line: 2,
          values: {
            id,
            firstName: FORMULA,
            lastName: `${REVERSED} ${MARKUP}`,
            email: `hostile-${tag}@example.mx`,
            emergencyName: `+${FORMULA}`,
          },
        },
      ],
    });
    await finishImport(deps, { by: 'admin-1', runId });
    expect(rows[0]?.problems).toBeUndefined();
    expect(rows[0]?.outcome).toBe('created');

    const uid = importedUid('mindbody', id);
    const user = userSchema.parse((await backend.db.ref(paths.user(uid)).get()).val());
    // Stored as written, less what only deceives: the direction override is gone.
    expect(user.Name).toBe(`${FORMULA} Ana gpj.exe ${MARKUP}`);
    const entry = (await backend.db.ref(paths.userDirectoryEntry(uid)).get()).val() as {
      name: string;
    };
    expect(entry.name).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);

    // The invitation: the name only in the greeting, escaped, shortened, with no link.
    const mail = renderMail(welcomeMessage(user), context('en', user.Name));
    expect(mail.subject).not.toContain('HYPERLINK');
    expect(mail.subject).not.toContain('<img');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('onerror="');
    expect(mail.html).not.toMatch(/href="[^"]*evil/);
    for (const part of [mail.text, mail.html]) expect(part).not.toContain('evil.example');
    expect(mail.to).toEqual({ email: 'maria@example.com' });

    // The run's report: the id and what happened, typed text a spreadsheet will not run.
    const report = [];
    for await (const line of runReport(deps, runId))
      report.push(reportLine(line, 'clients.csv', 'en'));
    expect(report).toHaveLength(1);
    const reportCells = report[0]?.split(',') ?? [];
    expect(reportCells[2]).toBe(`'${id.split(',')[0]}`);

    // The export: every cell a person wrote starts as text, never as =, +, - or @.
    const line = memberExportLine(uid, user, 'America/Monterrey');
    const cells = [...line.matchAll(/("(?:[^"]|"")*"|[^,\r\n]*)(?:,|\r\n)/g)].map((match) =>
      (match[1] ?? '').replace(/^"|"$/g, '').replace(/""/g, '"'),
    );
    expect(cells[0]).toBe(`'${id}`);
    expect(cells[1]).toBe(`'${user.Name}`);
    expect(cells[5]).toBe(`'+${FORMULA}`);
    for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@]/);
  });
});
