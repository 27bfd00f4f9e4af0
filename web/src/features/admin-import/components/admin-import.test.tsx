import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CallableRefusal } from '../../../lib/callable-errors';
import type { CallableInput } from '../../../lib/firebase';
import type { AdminImportApi } from '../api/admin-import-api';
import { AdminImport } from './admin-import';

const CLIENTS =
  'Client ID,First Name,Last Name,Email\r\n100,José,Núñez,jose@example.mx\r\n101,Ana,Peña,not-an-email\r\n';
const CONTRACTS =
  'Client ID,Contract Name,Autopay Status,Next Autopay Date,Client Contract ID\r\n' +
  '100,Monthly Unlimited (Autopay),Active,01/15/2027,cc-100\r\n';

/**
 * The clients of CLIENTS as an Excel workbook (one sheet, inline strings), as
 * scripts/lib/sample-exports.ts's xlsx() writes it.
 */
const CLIENTS_XLSX =
  'UEsDBBQAAAAIAANQfV1uYbgN/wAAAC0CAAATAAAAW0NvbnRlbnRfVHlwZXNdLnhtbK2RzU7DMBCEX8XyFdVOOSCEkv' +
  'TAzxE4lAdY7E1ixX/yuiV9e5y05YBKT5xW9s7MN7LrzeQs22MiE3zD16LiDL0K2vi+4R/bl9U9Z5TBa7DBY8MPSHzT' +
  '1ttDRGLF66nhQ87xQUpSAzogESL6sulCcpDLMfUyghqhR3lbVXdSBZ/R51WeM3hbP2EHO5vZ81Sujz0SWuLs8SicWQ' +
  '2HGK1RkMte7r3+RVmdCKI4Fw0NJtJNEXB5kTBv/gacfG/lYZLRyN4h5VdwRSUnK79CGj9DGMX1kAstQ9cZhTqonSsW' +
  'QTEhaBoQs7NimcKB8efeV/iLmOQy1v9c5Cf/3EMu391+A1BLAwQUAAAACAADUH1dmNrri68AAAAnAQAACwAAAF9yZW' +
  'xzLy5yZWxzhc9NCsIwEAXgq4TZ27QuRKRpNyJ0K/UAMZ3+0CQTkqjt7c3SiuBymJnv8cp6MZo90YeJrIAiy4GhVdRN' +
  'dhBway+7I7AQpe2kJosCVgxQV+UVtYzpJYyTCywZNggYY3QnzoMa0ciQkUObNj15I2Ma/cCdVLMckO/z/MD9pwFbkz' +
  'WdAN90BbB2dSn3v019Pyk8k3oYtPFHxNdFkqUfMApYNH+Rn+9Ec5ZQ4FXJNwWrN1BLAwQUAAAACAADUH1dPqi93rgA' +
  'AAAbAQAADwAAAHhsL3dvcmtib29rLnhtbI2Puw7CMAxFfyXyDikMCFVtWRASO7CHxqURjV3Z4fX3hNfO5Jfu9T3V6h' +
  '4Hc0XRwFTDbFqAQWrZBzrVsN9tJkswmhx5NzBhDQ9UWDXVjeV8ZD6bLCetoU9pLK3VtsfodMojUr50LNGlPMrJ6ijo' +
  'vPaIKQ52XhQLG10g+DiU8o8Hd11occ3tJSKlj4ng4FIOr30YFZrq/UG/1ZCLOfQhaEiaQV67rc+cYKQMuZGtn4FtKv' +
  'uT2R9Z8wRQSwMEFAAAAAgAA1B9XVr9gmuyAAAAKAEAABoAAAB4bC9fcmVscy93b3JrYm9vay54bWwucmVsc4XPSwrC' +
  'QAwG4KsM2du0LkSkUzcidCv1AMM0fdDOg8n46O0dXIgFwVVIQr6flMenmcWdAo/OSiiyHARZ7drR9hKuzXmzB8FR2V' +
  'bNzpKEhRiOVXmhWcV0wsPoWSTDsoQhRn9AZD2QUZw5TzZtOheMiqkNPXqlJ9UTbvN8h+HbgLUp6lZCqNsCRLP4lPvf' +
  'dl03ajo5fTNk448IfLgw8UAUE6pCT1HCZ8T4LkWWVMCqxNWH1QtQSwMEFAAAAAgAA1B9Xam2cvknAQAAQAMAABgAAA' +
  'B4bC93b3Jrc2hlZXRzL3NoZWV0MS54bWx9ktFKwzAUhl8l5H5Lu4GIpJlzdaDIENQHCN1xjSYnJQmu+kZe7tbbvpjZ' +
  'kKKQeJf8OV/IR36+6I0mb+C8sljRclpQAtjYrcJdRZ8e15NzSnyQuJXaIlT0HTxdCL637tW3AIFEHn1F2xC6C8Z804' +
  'KRfmo7wHjybJ2RIW7djvnOgdyeIKPZrCjOmJEKqeCnrJZBCu7snrj4jpg2x8WypCRUVKFWCA/BxVx5wYNYaQUYyE3N' +
  'WRCcHUPW/EBXOWitnA9kIw0kqFWOupN5qM5B19FN/wVYlBsNZ6PhLHNDWRQpt9z4rfXDZ0orB2yGr+EAHympHPJiPV' +
  'xCL02nYWr6f/Tmo948q1em9HLjS5Qpudz4PQyHFFDnALRhInESy5v+NvarpGxsv/gGUEsBAhQAFAAAAAgAA1B9XW5h' +
  'uA3/AAAALQIAABMAAAAAAAAAAAAAAAAAAAAAAFtDb250ZW50X1R5cGVzXS54bWxQSwECFAAUAAAACAADUH1dmNrri6' +
  '8AAAAnAQAACwAAAAAAAAAAAAAAAAAwAQAAX3JlbHMvLnJlbHNQSwECFAAUAAAACAADUH1dPqi93rgAAAAbAQAADwAA' +
  'AAAAAAAAAAAAAAAIAgAAeGwvd29ya2Jvb2sueG1sUEsBAhQAFAAAAAgAA1B9XVr9gmuyAAAAKAEAABoAAAAAAAAAAA' +
  'AAAAAA7QIAAHhsL19yZWxzL3dvcmtib29rLnhtbC5yZWxzUEsBAhQAFAAAAAgAA1B9Xam2cvknAQAAQAMAABgAAAAA' +
  'AAAAAAAAAAAA1wMAAHhsL3dvcmtzaGVldHMvc2hlZXQxLnhtbFBLBQYAAAAABQAFAEUBAAA0BQAAAAA=';

function fakeApi() {
  const calls: { name: string; input: unknown }[] = [];
  const api: AdminImportApi = {
    readPlans: () =>
      Promise.resolve([{ id: 'unlimited-daily', name: 'Unlimited, one class a day' }]),
    readMappings: () => Promise.resolve({}),
    startImport: (input) => {
      calls.push({ name: 'startImport', input });
      return Promise.resolve({ runId: `run-${calls.length}` });
    },
    importRows: (input: CallableInput<'importRows'>) => {
      calls.push({ name: 'importRows', input });
      return Promise.resolve({
        rows: input.rows.map((row) =>
          row.values.email === 'not-an-email'
            ? {
                line: row.line,
                id: '101',
                outcome: 'skipped' as const,
                problems: [{ reason: 'invalidEmail' as const, field: 'email' }],
              }
            : { line: row.line, outcome: 'created' as const },
        ),
      });
    },
    finishImport: (input) => {
      calls.push({ name: 'finishImport', input });
      return Promise.resolve({
        status: 'finished',
        counts: { created: 2, updated: 0, unchanged: 0, skipped: 1 },
      });
    },
  };
  return { api, calls };
}

function drop(files: Record<string, string>) {
  const input = screen.getByLabelText(/Export files/);
  fireEvent.change(input, {
    target: {
      files: Object.entries(files).map(
        ([name, text]) => new File([text], name, { type: 'text/csv' }),
      ),
    },
  });
}

describe('the import wizard', () => {
  it('recognises the files, asks for the unknown plan, previews, dry-runs and imports', async () => {
    const { api, calls } = fakeApi();
    render(<AdminImport api={api} now={() => Date.UTC(2026, 10, 28, 18)} />);
    drop({ 'contracts.csv': CONTRACTS, 'clients.csv': CLIENTS });

    expect(await screen.findByText('clients.csv: clients, 2 rows')).toBeTruthy();
    expect(screen.getByText('contracts.csv: memberships, 1 row')).toBeTruthy();
    const plan = await screen.findByLabelText('Which plan here is “Monthly Unlimited (Autopay)”?');
    // No run before every plan name is settled.
    expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);
    fireEvent.change(plan, { target: { value: 'unlimited-daily' } });

    const preview = await screen.findByRole('table', { name: 'clients.csv' });
    const previewRows = within(preview)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(previewRows.slice(1)).toEqual([
      ['2', '100', 'Ready'],
      ['3', '101', 'The e-mail is not an e-mail address.'],
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    expect(await screen.findByText('What would happen')).toBeTruthy();
    expect(screen.getByText('2 created, 0 updated, 0 unchanged, 1 skipped')).toBeTruthy();
    const skipped = screen.getByRole('table', { name: 'Rows left out, and why' });
    expect(
      within(skipped)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['clients.csv 3', '101', 'Skipped: The e-mail is not an e-mail address.']);
    expect(calls[0]).toEqual({
      name: 'startImport',
      input: expect.objectContaining({
        source: 'mindbody',
        dryRun: true,
        plans: { monthlyunlimitedautopay: 'unlimited-daily' },
        files: [
          { name: 'clients.csv', entity: 'members', rows: 2 },
          { name: 'contracts.csv', entity: 'memberships', rows: 1 },
        ],
      }) as unknown,
    });
    expect(calls.filter((call) => call.name === 'importRows')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('What happened')).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((call) => call.name === 'finishImport')).toHaveLength(2),
    );
    expect(
      calls.find(
        (call) =>
          call.name === 'startImport' && (call.input as { dryRun: boolean }).dryRun === false,
      ),
    ).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Download the report (CSV)' });
    expect(decodeURIComponent(link.getAttribute('href') ?? '')).toContain(
      'clients.csv,3,101,Skipped',
    );
  });

  it('shows the rows done, the rate and the time left while a run goes on', async () => {
    const { api } = fakeApi();
    const start = Date.UTC(2026, 10, 28, 18);
    let clock = start;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let batch = 0;
    render(
      <AdminImport
        api={{
          ...api,
          // The first file's batch takes 4 s; the second waits until the test lets it go.
          importRows: async (input) => {
            batch += 1;
            if (batch === 1) clock = start + 4000;
            else await held;
            return api.importRows(input);
          },
        }}
        now={() => clock}
      />,
    );
    drop({ 'clients.csv': CLIENTS, 'contracts.csv': CONTRACTS });
    fireEvent.change(
      await screen.findByLabelText('Which plan here is “Monthly Unlimited (Autopay)”?'),
      { target: { value: 'unlimited-daily' } },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Dry run' }));
    // 2 rows in 4 s: one every 2 s, so the last row takes 2 s more.
    expect((await screen.findByText(/^2 of 3 rows/)).textContent).toBe(
      '2 of 3 rows, 1 a second, 0:02 left',
    );
    release();
    expect(await screen.findByText('What would happen')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('3 of 3 rows, 1 a second');
  });

  it('says in words why the functions stopped an import, never a raw error', async () => {
    const { api } = fakeApi();
    render(
      <AdminImport
        api={{
          ...api,
          importRows: () =>
            Promise.reject(
              new CallableRefusal('failed-precondition', 'importRunClosed', { runId: 'run-1' }),
            ),
        }}
      />,
    );
    drop({ 'clients.csv': CLIENTS });
    fireEvent.click(await screen.findByRole('button', { name: 'Dry run' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The import stopped: This import has already finished.',
    );
  });

  it('reads an Excel workbook as the CSV would be read', async () => {
    const { api } = fakeApi();
    render(<AdminImport api={api} />);
    const bytes = Uint8Array.from(atob(CLIENTS_XLSX), (char) => char.charCodeAt(0));
    fireEvent.change(screen.getByLabelText(/Export files/), {
      target: { files: [new File([bytes], 'clients.xlsx')] },
    });
    expect(await screen.findByText('clients.xlsx: clients, 2 rows')).toBeTruthy();
    const preview = await screen.findByRole('table', { name: 'clients.xlsx' });
    expect(within(preview).getByText('The e-mail is not an e-mail address.')).toBeTruthy();
  });

  it('refuses a file that is not a table, saying what it expected', async () => {
    const { api, calls } = fakeApi();
    render(<AdminImport api={api} />);
    drop({ 'notes.csv': 'just one line of text' });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Expected a CSV or Excel export whose first row names the columns.',
    );
    expect(calls).toEqual([]);
  });
});
