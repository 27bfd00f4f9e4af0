import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { directoryEntryOf } from '@studio/core';
import type {
  AdjustCreditsInput,
  DirectoryPrefixQuery,
  SetUserRoleInput,
  UserDirectoryEntry,
  Branch,
} from '@studio/core';
import { useLangStore } from '../../../lib/i18n';
import { CallableRefusal } from '../../../lib/callable-errors';
import type { AdminUsersApi, MemberNode } from '../api/admin-users-api';
import { AllUsers } from './all-users';

const NOW = Date.UTC(2026, 10, 21, 12);
const DAY = 24 * 60 * 60 * 1000;

type Entry = Omit<UserDirectoryEntry, 'createdAt'>;

/**
 * The directory answered as the database answers its indexed queries (order by a child, a
 * prefix range, a limit), and the other nodes in memory; every read is recorded.
 */
function fakeApi(directory: Record<string, Entry>, nodes: Record<string, unknown>) {
  const reads: string[] = [];
  const ordered = (index: keyof Entry) =>
    Object.entries(directory).sort(([ua, a], [ub, b]) => {
      const [ka, kb] = [String(a[index]), String(b[index])];
      return ka < kb ? -1 : ka > kb ? 1 : ua < ub ? -1 : 1;
    });
  const roles: SetUserRoleInput[] = [];
  const adjustments: AdjustCreditsInput[] = [];
  const revoked: string[] = [];
  let refuse: Error | undefined;
  const api: AdminUsersApi = {
    watchDirectoryPage: (limit, onChange) => {
      reads.push(`page nameKey limit ${limit}`);
      onChange(Object.fromEntries(ordered('nameKey').slice(0, limit)));
      return () => undefined;
    },
    watchDirectorySearch: ({ index, start, end }: DirectoryPrefixQuery, limit, onChange) => {
      reads.push(`search ${index} ${start} limit ${limit}`);
      const found = ordered(index).filter(([, entry]) => {
        const key = String(entry[index]);
        return key >= start && key <= end;
      });
      onChange(Object.fromEntries(found.slice(0, limit)));
      return () => undefined;
    },
    watchBranchMembers: (branchId, onChange) => {
      reads.push(`branch members ${branchId}`);
      onChange(nodes[`branch-members/${branchId}`] ?? null);
      return () => undefined;
    },
    watchDirectoryEntry: (uid, onChange) => {
      reads.push(`entry ${uid}`);
      onChange(directory[uid] ?? null);
      return () => undefined;
    },
    watchReports: (onChange) => {
      onChange(nodes['reports'] ?? null);
      return () => undefined;
    },
    watchMember: (uid, node: MemberNode, onChange) => {
      reads.push(`member ${node} ${uid}`);
      onChange(nodes[`${node}/${uid}`] ?? null);
      return () => undefined;
    },
    readWaiverVersion: (version) => Promise.resolve(nodes[`waiver-version/${version}`] ?? null),
    signatureImageUrl: (imagePath) =>
      Promise.resolve(`https://firebasestorage.googleapis.com/v0/b/demo/o/${imagePath}`),
    revokeMemberPass: (input) => {
      revoked.push(input.uid);
      return refuse ? Promise.reject(refuse) : Promise.resolve({});
    },
    watchBranches: (onChange) => {
      onChange(
        (nodes['branches'] as Record<string, Branch> | undefined) ?? {
          centro: { name: 'Centro', active: true },
        },
      );
      return () => undefined;
    },
    setUserRole: (input) => {
      roles.push(input);
      return refuse ? Promise.reject(refuse) : Promise.resolve({});
    },
    adjustCredits: (input) => {
      adjustments.push(input);
      return refuse ? Promise.reject(refuse) : Promise.resolve({ balance: 12 });
    },
  };
  return {
    api,
    reads,
    roles,
    adjustments,
    revoked,
    refuseWith(error: Error) {
      refuse = error;
    },
  };
}

const mariana = {
  Name: 'Mariana Member',
  Email: 'member@demo.studio',
  Phone: '+52 81 5555 0000',
  Admin: false,
  Conditions: true,
  Credits: 2,
  'credits-list': {
    c1: { kind: 'regular', source: 'seed', grantedAt: NOW, expiresAt: NOW + 5 * DAY },
    c2: { kind: 'regular', source: 'seed', grantedAt: NOW, expiresAt: NOW + 9 * DAY },
  },
  activeSuscription: true,
  activeSuscriptionId: 'sub_1',
};

const directory: Record<string, Entry> = {
  m1: directoryEntryOf(mariana),
  a1: directoryEntryOf({ Name: 'Ana Admin', Email: 'admin@demo.studio', Admin: true }),
  c1: directoryEntryOf({ Name: 'José Coach', Email: 'coach@demo.studio', Admin: 'Coach' }),
  n1: directoryEntryOf({ Email: 'nameless@demo.studio' }),
};

const nodes = {
  reports: { n1: { Uid: 'n1' } },
  'user/m1': mariana,
  'user/a1': { Name: 'Ana Admin', Email: 'admin@demo.studio', Admin: true },
  'ledger/m1': {
    l1: {
      type: 'grant',
      kind: 'regular',
      delta: 2,
      reason: 'Welcome',
      at: NOW - DAY,
      by: 'system',
    },
  },
  'bookings/m1': {
    c9: {
      classId: 'c9',
      bookingId: 'b9',
      date: '2026-11-23',
      hour: '07:00',
      startsAt: NOW + 2 * DAY,
      name: 'Cycling',
      spot: 's4',
      spotLabel: '4',
      creditKind: 'regular',
      status: 'booked',
      bookedAt: NOW,
      rosterVersion: 1,
    },
  },
  'payments/m1': {
    cs_1: {
      uid: 'm1',
      kind: 'credits',
      items: [{ type: 'package', id: 'p5', name: '5 classes', quantity: 1, unitAmount: 6500 }],
      subtotal: 6500,
      amount: 6500,
      currency: 'USD',
      status: 'paid',
      createdAt: NOW - 2 * DAY,
    },
  },
  'waivers/m1': {
    s1: {
      version: 1,
      textHash: 'a'.repeat(64),
      lang: 'en',
      fullName: 'Mariana López',
      signedAt: NOW - 30 * DAY,
      ip: '203.0.113.9',
      imagePath: 'waivers/m1/s1.png',
      imageSha256: 'b'.repeat(64),
      imageBytes: 2048,
      via: 'app',
      by: 'm1',
    },
    s2: {
      version: 2,
      textHash: 'c'.repeat(64),
      lang: 'es',
      fullName: 'Mariana López Ruiz',
      signedAt: NOW - DAY,
      ip: '198.51.100.4',
      imagePath: 'waivers/m1/s2.png',
      imageSha256: 'd'.repeat(64),
      imageBytes: 4096,
      via: 'kiosk',
      by: 'desk',
    },
    // Not a signature record: left out rather than shown half.
    broken: { version: 'two', fullName: '<b>x</b>' },
  },
  'waiver-version/2': {
    version: 2,
    text: { en: 'I take part at my own risk.', es: 'Participo bajo mi propio riesgo.' },
    hash: 'c'.repeat(64),
    publishedAt: NOW - 10 * DAY,
    publishedBy: 'admin',
  },
};

/** 60 members named Member 00 … Member 59. */
function bigDirectory(): Record<string, Entry> {
  return Object.fromEntries(
    Array.from({ length: 60 }, (_, i) => {
      const n = String(i).padStart(2, '0');
      return [`u${n}`, directoryEntryOf({ Name: `Member ${n}`, Email: `m${n}@demo.studio` })];
    }),
  );
}

const names = () => screen.getAllByRole('rowheader').map((cell) => (cell.textContent ?? '').trim());

/** The text of each list item in the section under `heading`. */
function lines(heading: string): string[] {
  const section = screen.getByRole('heading', { name: heading }).closest('section');
  return within(section as HTMLElement)
    .getAllByRole('listitem')
    .map((item) => (item.textContent ?? '').replace(/\s+/g, ' ').trim());
}

/** Lets the pending promises and timers (the search's pause) run. */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Opens a member's sheet and waits for it (the kit's sheet loads on its first opening). */
async function openMember(name: string): Promise<HTMLElement> {
  fireEvent.click(screen.getByRole('button', { name: `Open ${name}` }));
  return screen.findByRole('dialog', { name });
}

describe('all users by branch', () => {
  const chain = {
    ...nodes,
    branches: { centro: { name: 'Centro', active: true }, norte: { name: 'Norte', active: true } },
    // Mariana lives at Norte; José came twice; Ana is Centro's.
    'branch-members/norte': {
      m1: { home: true, visits: 3, lastVisit: '2026-11-20' },
      c1: { visits: 2, lastVisit: '2026-11-18' },
    },
    'branch-members/centro': { a1: { home: true, visits: 0 } },
  };

  it('lets the chain admin list one branch’s members: home and visitors, with why, by branch', async () => {
    const fake = fakeApi(directory, chain);
    render(<AllUsers api={fake.api} now={() => NOW} searchDelayMs={0} />);
    expect(names()).toHaveLength(4);

    fireEvent.change(screen.getByLabelText('Branch'), { target: { value: 'norte' } });
    await settle();

    expect(fake.reads).toEqual(
      expect.arrayContaining(['branch members norte', 'entry m1', 'entry c1']),
    );
    expect(names()).toEqual(['José Coach', 'Mariana Member']);
    const row = (name: string) =>
      within(screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!);
    expect(row('Mariana Member').getByText(/^Home · 3 visits · last /)).toBeTruthy();
    expect(row('José Coach').getByText(/^2 visits · last /)).toBeTruthy();
    expect(
      screen.getByText(/^Members whose home is this branch, then those who came to a class here/),
    ).toBeTruthy();

    // A search keeps to the branch's members.
    fireEvent.change(screen.getByLabelText('Search by name, e-mail or phone'), {
      target: { value: 'ana' },
    });
    await settle();
    expect(screen.getByText('No member matches.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Branch'), { target: { value: '' } });
    await settle();
    expect(names()).toEqual(['Ana Admin']);
  });

  it('shows a branch manager their branch’s members only, without the sheet or another branch', async () => {
    const fake = fakeApi(directory, chain);
    render(<AllUsers api={fake.api} now={() => NOW} searchDelayMs={0} branchScope="norte" />);
    await settle();

    expect(fake.reads).not.toContain('page nameKey limit 50');
    expect(fake.reads).not.toContain('branch members centro');
    expect(names()).toEqual(['José Coach', 'Mariana Member']);
    expect(screen.getByText(/^Norte: the members whose home is your branch/)).toBeTruthy();
    expect(screen.queryByLabelText('Branch')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Open / })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Reports' })).toBeNull();
  });
});

describe('all users', () => {
  it('reads one page of the directory by name with a limit, never Users, and loads more', async () => {
    const fake = fakeApi(bigDirectory(), {});
    render(<AllUsers api={fake.api} now={() => NOW} searchDelayMs={0} />);

    expect(fake.reads).toEqual(['page nameKey limit 50']);
    expect(names()).toHaveLength(50);
    expect(names()[0]).toBe('Member 00');
    expect(screen.getByText('Members shown: 50')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more members' }));
    await settle();

    expect(fake.reads).toContain('page nameKey limit 100');
    expect(names()).toHaveLength(60);
    expect(names()[59]).toBe('Member 59');
    expect(screen.queryByRole('button', { name: 'Load more members' })).toBeNull();
  });

  it('lists members by name with role and plan badges, nameless accounts last', () => {
    const fake = fakeApi(directory, nodes);
    render(<AllUsers api={fake.api} now={() => NOW} />);
    expect(names()).toEqual(['Ana Admin', 'José Coach', 'Mariana Member', '(no name)']);
    const row = (name: string) =>
      within(screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!);
    expect(row('Ana Admin').getByText('Admin')).toBeTruthy();
    expect(row('José Coach').getByText('Coach')).toBeTruthy();
    expect(row('Mariana Member').getByText('Member')).toBeTruthy();
    expect(row('Mariana Member').getByText('Active')).toBeTruthy();
    expect(screen.queryByText(/\((true|false)\)/)).toBeNull();
  });

  it('shows the role badges in Spanish', () => {
    useLangStore.setState({ lang: 'es' });
    const fake = fakeApi(directory, nodes);
    render(<AllUsers api={fake.api} now={() => NOW} />);
    expect(screen.getByText('Administrador')).toBeTruthy();
    expect(screen.getAllByText('Usuario').length).toBeGreaterThan(0);
  });

  it('searches the name, e-mail and phone indexes by prefix once typing pauses', async () => {
    const fake = fakeApi(directory, nodes);
    render(<AllUsers api={fake.api} now={() => NOW} searchDelayMs={0} />);
    const search = screen.getByLabelText('Search by name, e-mail or phone');

    fireEvent.change(search, { target: { value: 'JOSE' } });
    await settle();
    expect(fake.reads).toEqual(
      expect.arrayContaining(['search nameKey jose limit 50', 'search emailKey jose limit 50']),
    );
    expect(names()).toEqual(['José Coach']);

    fireEvent.change(search, { target: { value: 'admin@' } });
    await settle();
    expect(fake.reads).toContain('search emailKey admin@ limit 50');
    expect(names()).toEqual(['Ana Admin']);

    fireEvent.change(search, { target: { value: '+52 81 55' } });
    await settle();
    expect(fake.reads).toContain('search phoneKey 528155 limit 50');
    expect(names()).toEqual(['Mariana Member']);

    fireEvent.change(search, { target: { value: 'zz' } });
    await settle();
    expect(screen.getByText('No member matches.')).toBeTruthy();
  });

  it("does not answer a search with a row whose search key was filed under someone else's name", async () => {
    // A member named otherwise writes their keys as José's (the rules cannot fold accented names).
    const mimic = {
      ...directoryEntryOf({ Name: 'Żaneta Mimic', Email: 'mimic@demo.studio', Phone: '+52 81 9' }),
      nameKey: 'jose coach',
      emailKey: 'coach@demo.studio',
      phoneKey: '528155',
    };
    const fake = fakeApi({ ...directory, x1: mimic }, nodes);
    render(<AllUsers api={fake.api} now={() => NOW} searchDelayMs={0} />);
    const search = screen.getByLabelText('Search by name, e-mail or phone');
    for (const [text, found] of [
      ['JOSE', 'José Coach'],
      ['coach@', 'José Coach'],
      ['+52 81 55', 'Mariana Member'],
    ] as const) {
      fireEvent.change(search, { target: { value: text } });
      await settle();
      expect(names(), text).toEqual([found]);
    }
  });

  it('closes the member sheet and returns to the list', async () => {
    const fake = fakeApi(directory, nodes);
    render(<AllUsers api={fake.api} now={() => NOW} />);
    await openMember('Mariana Member');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('table', { name: 'Members' })).toBeTruthy();
  });

  it('shows accounts without a name in Reports, named by their directory entry', () => {
    const fake = fakeApi(directory, nodes);
    render(<AllUsers api={fake.api} now={() => NOW} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Reports' }));
    expect(screen.getByText('Accounts without a name')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open nameless@demo.studio' })).toBeTruthy();
    expect(fake.reads).toContain('entry n1');
  });

  it('loads only the opened member', async () => {
    const fake = fakeApi(directory, nodes);
    render(<AllUsers api={fake.api} now={() => NOW} />);
    expect(fake.reads.filter((read) => read.startsWith('member'))).toEqual([]);
    await openMember('Mariana Member');
    expect(new Set(fake.reads.filter((read) => read.startsWith('member')))).toEqual(
      new Set([
        'member user m1',
        'member ledger m1',
        'member bookings m1',
        'member payments m1',
        'member waivers m1',
      ]),
    );
  });

  it('offers the plan action for a member with a plan, and not for one without', async () => {
    const fake = fakeApi(directory, nodes);
    const offered: { uid: string; name: string }[] = [];
    const planAction = (member: { uid: string; name: string }) => {
      offered.push(member);
      return <button type="button">Cancel plan of {member.name}</button>;
    };
    render(<AllUsers api={fake.api} now={() => NOW} planAction={planAction} />);

    const sheet = await openMember('Mariana Member');
    expect(
      within(sheet).getByRole('button', { name: 'Cancel plan of Mariana Member' }),
    ).toBeTruthy();
    expect(offered).toContainEqual({ uid: 'm1', name: 'Mariana Member' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    await openMember('Ana Admin');
    expect(screen.queryByRole('button', { name: /Cancel plan/ })).toBeNull();
  });

  it('opens a member: profile, credits with expiry, ledger, bookings, payments, subscription', async () => {
    const fake = fakeApi(directory, nodes);
    render(<AllUsers api={fake.api} now={() => NOW} />);
    const sheet = await openMember('Mariana Member');
    expect(within(sheet).getByRole('heading', { level: 2, name: 'Mariana Member' })).toBeTruthy();
    expect(within(sheet).getByText('member@demo.studio')).toBeTruthy();
    // Words for people: days as read, the ledger's reason, no ids, no stored codes.
    expect(lines('Credits')).toEqual(['Regular: 2 · next expires Thu 26 Nov']);
    expect(lines('Credit ledger')).toEqual([
      expect.stringMatching(/^Yesterday 06:00 · Bought 2 credits · Regular · \+2$/),
    ]);
    expect(lines('Bookings')).toEqual(['Mon 23 Nov 07:00 · Cycling · 4 · Booked']);
    expect(lines('Payments')).toEqual(['Thu 19 Nov 06:00 · Class credits · Paid · $65']);
    expect(within(sheet).getByText('Active', { selector: 'p' })).toBeTruthy();
  });

  it('keeps the record of each signed waiver, newest first, and prints it on its own', async () => {
    const fake = fakeApi(directory, nodes);
    render(<AllUsers api={fake.api} now={() => NOW} />);
    const sheet = await openMember('Mariana Member');
    await settle();
    const record = within(sheet)
      .getByRole('heading', { name: 'Signed waivers' })
      .closest('section') as HTMLElement;
    const entries = within(record)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('strong')?.textContent);
    expect(entries).toEqual([
      'Version 2, signed yesterday 06:00 in Spanish',
      'Version 1, signed Thu 22 Oct 06:00 in English',
    ]);
    const newest = within(record).getAllByRole('listitem')[0]!;
    expect(within(newest).getByText('Mariana López Ruiz')).toBeTruthy();
    expect(within(newest).getByText('the kiosk')).toBeTruthy();
    expect(within(newest).getByText('198.51.100.4')).toBeTruthy();
    expect(within(newest).getByText('c'.repeat(64))).toBeTruthy();
    expect(within(newest).getByText('Participo bajo mi propio riesgo.')).toBeTruthy();
    expect(
      within(newest)
        .getByRole('img', { name: 'Signature of Mariana López Ruiz' })
        .getAttribute('src'),
    ).toBe('https://firebasestorage.googleapis.com/v0/b/demo/o/waivers/m1/s2.png');
    // The version whose text did not load shows no text, never another version's.
    expect(within(record).getAllByText(/propio riesgo/)).toHaveLength(1);

    const printed: boolean[] = [];
    window.print = () => printed.push(document.body.classList.contains('printing-waiver-record'));
    fireEvent.click(within(record).getByRole('button', { name: 'Print the record' }));
    expect(printed).toEqual([true]);
    window.dispatchEvent(new Event('afterprint'));
    expect(document.body.classList.contains('printing-waiver-record')).toBe(false);
  });

  it("revokes the member's pass with revokeMemberPass and says so, or shows the refusal", async () => {
    const fake = fakeApi(directory, nodes);
    render(<AllUsers api={fake.api} now={() => NOW} />);
    await openMember('Mariana Member');
    const form = screen.getByRole('form', { name: 'Studio pass' });
    // Asked first: keeping the pass revokes nothing.
    fireEvent.submit(form);
    let confirm = await screen.findByRole('alertdialog', { name: 'Revoke Mariana Member’s pass?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep the pass' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fake.revoked).toEqual([]);

    fireEvent.submit(form);
    confirm = await screen.findByRole('alertdialog', { name: 'Revoke Mariana Member’s pass?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke the pass' }));
    await within(form).findByText('Revoked. The old QR code no longer checks in.');
    expect(fake.revoked).toEqual(['m1']);

    fake.refuseWith(new CallableRefusal('not-found', 'userNotFound', { uid: 'm1' }));
    fireEvent.submit(form);
    confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke the pass' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'This member does not exist.',
    );
    expect(within(form).queryByText('Revoked. The old QR code no longer checks in.')).toBeNull();
  });

  it('says when a member signed no written waiver', async () => {
    const fake = fakeApi(directory, nodes);
    render(<AllUsers api={fake.api} now={() => NOW} />);
    const sheet = await openMember('Ana Admin');
    expect(within(sheet).getByText('No written waiver signed.')).toBeTruthy();
    expect(within(sheet).queryByRole('button', { name: 'Print the record' })).toBeNull();
  });

  it('sets a role with setUserRole, offering each role by name', async () => {
    const fake = fakeApi(directory, nodes);
    render(<AllUsers api={fake.api} now={() => NOW} />);
    await openMember('Mariana Member');
    const form = screen.getByRole('form', { name: 'Set role' });
    const select = within(form).getByLabelText('Role');
    expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Admin',
      'Front desk',
      'Coach',
      'Member',
    ]);
    fireEvent.change(select, { target: { value: 'coach' } });
    fireEvent.submit(form);
    await settle();

    expect(fake.roles).toEqual([{ uid: 'm1', role: 'coach' }]);
    expect(screen.getByText('Role changed to Coach.')).toBeTruthy();
  });

  it('makes an admin of one branch of a chain, the branch by name', async () => {
    const fake = fakeApi(directory, {
      ...nodes,
      branches: {
        centro: { name: 'Centro', active: true },
        norte: { name: 'Norte', active: true },
      },
    });
    render(<AllUsers api={fake.api} now={() => NOW} />);
    await openMember('Mariana Member');
    const form = screen.getByRole('form', { name: 'Set role' });
    // A member manages no branch: the choice appears with a role that can.
    expect(within(form).queryByLabelText('Branch they manage')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'admin' } });
    const branch = within(form).getByLabelText('Branch they manage');
    expect([...(branch as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Every branch (the whole chain)',
      'Centro',
      'Norte',
    ]);
    fireEvent.change(branch, { target: { value: 'norte' } });
    fireEvent.submit(form);
    await settle();
    expect(fake.roles).toEqual([{ uid: 'm1', role: 'admin', branch: 'norte' }]);
  });

  it('adjusts credits with a reason and shows the new balance', async () => {
    const fake = fakeApi(directory, nodes);
    render(<AllUsers api={fake.api} now={() => NOW} />);
    await openMember('Mariana Member');
    const form = screen.getByRole('form', { name: 'Adjust credits' });
    fireEvent.change(within(form).getByLabelText('Credit kind'), { target: { value: 'train' } });
    fireEvent.change(within(form).getByLabelText('Change (+ adds, − removes)'), {
      target: { value: '3' },
    });
    fireEvent.change(within(form).getByLabelText('Reason'), {
      target: { value: 'Compensation' },
    });
    fireEvent.submit(form);
    await settle();

    expect(fake.adjustments).toEqual([
      { uid: 'm1', kind: 'train', delta: 3, reason: 'Compensation' },
    ]);
    expect(screen.getByText('Done. Training balance: 12.')).toBeTruthy();
  });

  it('refuses a zero change or a missing reason without calling the function', async () => {
    const fake = fakeApi(directory, nodes);
    render(<AllUsers api={fake.api} now={() => NOW} />);
    await openMember('Mariana Member');
    const form = screen.getByRole('form', { name: 'Adjust credits' });
    fireEvent.change(within(form).getByLabelText('Change (+ adds, − removes)'), {
      target: { value: '0' },
    });
    fireEvent.submit(form);
    await settle();

    expect(within(form).getByText(/Enter a whole number other than 0/)).toBeTruthy();
    expect(within(form).getByText('Write why (it goes in the ledger).')).toBeTruthy();
    expect(fake.adjustments).toEqual([]);
  });

  it("shows the function's refusal", async () => {
    const fake = fakeApi(directory, nodes);
    fake.refuseWith(new CallableRefusal('permission-denied', 'permissionDenied'));
    render(<AllUsers api={fake.api} now={() => NOW} />);
    await openMember('Mariana Member');
    fireEvent.submit(screen.getByRole('form', { name: 'Set role' }));
    await settle();

    expect(screen.getByRole('alert').textContent).toBe('You do not have permission to do this.');
    expect(screen.queryByText(/Role changed/)).toBeNull();
  });
});
