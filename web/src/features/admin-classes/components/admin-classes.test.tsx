import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { addDays, formatDate, toEpoch } from '@studio/core';
import type { StudioClass } from '@studio/core';
import { describe, expect, it } from 'vitest';
import { CallableRefusal } from '../../../lib/callable-errors';
import { useLangStore } from '../../../lib/i18n';
import { CLASS_PAGE_SIZE, adminClassesQuery } from '../class-list-query';
import { FAKE_CATALOG, createFakeAdminClassesApi } from '../testing/fake-admin-classes-api';
import { AdminClassesList } from './admin-classes-list';
import { CreateClassesForm } from './create-classes-form';
import { TemplateEditor } from './template-editor';

function type(label: string | RegExp, value: string, scope: HTMLElement = document.body) {
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
}

async function settle(action: () => void) {
  await act(async () => {
    action();
    await Promise.resolve();
    await Promise.resolve();
  });
}

/** The class fields every form shares, filled with a valid Cycling class. */
function fillClass(scope: HTMLElement = document.body) {
  type('Hour', '07:00', scope);
  type('Branch', 'centro', scope);
  type('Class type', 'cycling', scope);
  type('Coach', 'carlos', scope);
  type('Capacity', '12', scope);
}

describe('crear-clases', () => {
  it('previews a weekly series and creates it with the repeat rule', async () => {
    const fake = createFakeAdminClassesApi();
    render(<CreateClassesForm api={fake.api} />);
    type('From', '2030-01-07');
    type('Until', '2030-01-20');
    fireEvent.click(screen.getByLabelText('Mon'));
    fireEvent.click(screen.getByLabelText('Wed'));
    fillClass();

    const preview = screen.getByRole('list', { name: 'Classes to create: 4' });
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Mon 2030-01-07 07:00',
      'Wed 2030-01-09 07:00',
      'Mon 2030-01-14 07:00',
      'Wed 2030-01-16 07:00',
    ]);

    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Create classes' })));

    expect(fake.calls.createClasses).toEqual([
      {
        branch: 'centro',
        exercise: 'cycling',
        coach: 'carlos',
        capacity: 12,
        creditKind: 'regular',
        hour: '07:00',
        // Picking Cycling filled in its usual length.
        duration: 50,
        repeat: { from: '2030-01-07', until: '2030-01-20', weekdays: [1, 3] },
      },
    ]);
    expect(screen.getByRole('status').textContent).toBe('Created 2 classes.');
  });

  it('creates one class on a date', async () => {
    const fake = createFakeAdminClassesApi();
    render(<CreateClassesForm api={fake.api} />);
    fireEvent.click(screen.getByLabelText('One class'));
    type('Date', '2030-02-01');
    fillClass();
    type('Seat layout', 'row');
    type('Capacity', '');

    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Create classes' })));

    expect(fake.calls.createClasses).toEqual([
      expect.objectContaining({ date: '2030-02-01', layout: 'row', hour: '07:00' }),
    ]);
    expect(fake.calls.createClasses[0]).not.toHaveProperty('capacity');
  });

  it('marks missing fields and sends nothing', async () => {
    const fake = createFakeAdminClassesApi();
    render(<CreateClassesForm api={fake.api} />);

    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Create classes' })));

    for (const label of ['Hour', 'Branch', 'Class type', 'Coach', 'Capacity'])
      expect(screen.getByLabelText(label).getAttribute('aria-invalid'), label).toBe('true');
    expect(screen.getAllByText('Required.').length).toBeGreaterThanOrEqual(5);
    expect(fake.calls.createClasses).toEqual([]);
  });

  it('refuses an until date before the from date', async () => {
    const fake = createFakeAdminClassesApi();
    render(<CreateClassesForm api={fake.api} />);
    type('From', '2030-01-10');
    type('Until', '2030-01-01');
    fireEvent.click(screen.getByLabelText('Fri'));
    fillClass();

    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Create classes' })));

    expect(screen.getByText('Must not be before the start date.')).toBeTruthy();
    expect(fake.calls.createClasses).toEqual([]);
  });

  it('shows the function refusal in Spanish when the app speaks Spanish', async () => {
    useLangStore.setState({ lang: 'es' });
    const fake = createFakeAdminClassesApi();
    fake.answers.createClasses = () =>
      Promise.reject(new CallableRefusal('invalid-argument', 'capacityOverLayout', { spots: 2 }));
    render(<CreateClassesForm api={fake.api} />);
    type('Desde', '2030-01-07');
    type('Hasta', '2030-01-07');
    fireEvent.click(screen.getByLabelText('Lun'));
    type('Hora', '07:00');
    type('Sucursal', 'centro');
    type('Tipo de clase', 'cycling');
    type('Coach', 'carlos');
    type('Cupo', '30');

    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Crear clases' })));

    expect(screen.getByRole('alert').textContent).toBe(
      'El cupo no puede superar los 2 lugares de la sala.',
    );
  });
});

describe('a branch manager’s classes', () => {
  const CHAIN = {
    ...FAKE_CATALOG,
    branches: { ...FAKE_CATALOG.branches, norte: { name: 'Norte', active: true } },
  };

  it('creates classes at their branch only: it is the one branch offered, chosen already', async () => {
    const fake = createFakeAdminClassesApi({ catalog: CHAIN });
    render(<CreateClassesForm api={fake.api} branchScope="norte" />);
    const branch = screen.getByLabelText<HTMLSelectElement>('Branch');
    expect(branch.value).toBe('norte');
    expect([...branch.options].map((option) => option.textContent)).not.toContain('Centro');
    fireEvent.click(screen.getByLabelText('One class'));
    type('Date', '2030-02-01');
    type('Hour', '07:00');
    type('Class type', 'cycling');
    type('Coach', 'carlos');
    type('Capacity', '12');
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Create classes' })));
    expect(fake.calls.createClasses).toEqual([expect.objectContaining({ branch: 'norte' })]);
  });

  it('takes the branch once the manager’s scope arrives after the screen opened', () => {
    const soon = addDays(formatDate(Date.now()), 2);
    const fake = createFakeAdminClassesApi({
      catalog: CHAIN,
      classes: { c1: classOn(soon), c2: classOn(soon, { name: 'Norte ride', branch: 'norte' }) },
    });
    // The session's profile (and with it the scope) loads after the first render.
    const { rerender } = render(<AdminClassesList api={fake.api} branchScope={null} />);
    rerender(<AdminClassesList api={fake.api} branchScope="norte" />);
    const branch = screen.getByLabelText<HTMLSelectElement>('Branch');
    expect([...branch.options].map((option) => option.textContent)).toEqual(['Norte']);
    expect(branch.value).toBe('norte');
    expect(screen.queryByRole('listitem', { name: `Morning ride ${soon} 07:00` })).toBeNull();
  });

  it('lists their branch’s classes, with no “all branches” to choose', () => {
    const soon = addDays(formatDate(Date.now()), 2);
    const fake = createFakeAdminClassesApi({
      catalog: CHAIN,
      classes: {
        c1: classOn(soon),
        c2: classOn(soon, { name: 'Norte ride', branch: 'norte', hour: '08:00' }),
      },
    });
    render(<AdminClassesList api={fake.api} branchScope="norte" />);
    expect(screen.getByRole('listitem', { name: `Norte ride ${soon} 08:00` })).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: `Morning ride ${soon} 07:00` })).toBeNull();
    const branch = screen.getByLabelText<HTMLSelectElement>('Branch');
    expect([...branch.options].map((option) => option.textContent)).toEqual(['Norte']);
  });
});

describe('plantilla-date', () => {
  it('saves a template with its rows', async () => {
    const fake = createFakeAdminClassesApi();
    render(<TemplateEditor api={fake.api} />);
    type('Template name', 'Winter week');
    const row = screen.getByRole('group', { name: 'Class 1' });
    type('Day', '2', row);
    fillClass(row);

    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Save template' })));

    expect(fake.calls.saveTemplate).toEqual([
      {
        template: {
          name: 'Winter week',
          rows: [
            {
              weekday: 2,
              hour: '07:00',
              duration: 50,
              branch: 'centro',
              exercise: 'cycling',
              coach: 'carlos',
              capacity: 12,
              creditKind: 'regular',
            },
          ],
        },
      },
    ]);
    expect(screen.getByRole('status').textContent).toBe('Template saved.');
  });

  it('applies a saved template: one weekly series per row over the dates', async () => {
    const row = {
      hour: '07:00',
      duration: 45,
      branch: 'centro',
      exercise: 'cycling',
      coach: 'carlos',
      capacity: 10,
      creditKind: 'regular' as const,
    };
    const fake = createFakeAdminClassesApi({
      templates: {
        t1: {
          name: 'Base week',
          rows: [
            { ...row, weekday: 1 },
            { ...row, weekday: 4, coach: 'lucia' },
          ],
        },
      },
    });
    render(<TemplateEditor api={fake.api} />);
    type('Saved templates', 't1');
    const apply = screen.getByRole('group', { name: 'Apply to dates' });
    type('From', '2030-01-07', apply);
    type('Until', '2030-01-20', apply);
    expect(within(apply).getByText('Classes to create: 4')).toBeTruthy();

    await settle(() =>
      fireEvent.click(within(apply).getByRole('button', { name: 'Apply to dates' })),
    );

    expect(fake.calls.createClasses).toEqual([
      { ...row, repeat: { from: '2030-01-07', until: '2030-01-20', weekdays: [1] } },
      {
        ...row,
        coach: 'lucia',
        repeat: { from: '2030-01-07', until: '2030-01-20', weekdays: [4] },
      },
    ]);
    expect(screen.getByRole('status').textContent).toBe('Created 2 classes.');
  });

  it('says how far it got when a row is refused', async () => {
    const fake = createFakeAdminClassesApi();
    let call = 0;
    fake.answers.createClasses = () => {
      call += 1;
      return call === 1
        ? Promise.resolve({ classIds: ['a', 'b'] })
        : Promise.reject(new CallableRefusal('not-found', 'coachNotFound'));
    };
    render(<TemplateEditor api={fake.api} />);
    fillClass(screen.getByRole('group', { name: 'Class 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add class' }));
    fillClass(screen.getByRole('group', { name: 'Class 2' }));
    const apply = screen.getByRole('group', { name: 'Apply to dates' });
    type('From', '2030-01-07', apply);
    type('Until', '2030-01-20', apply);

    await settle(() =>
      fireEvent.click(within(apply).getByRole('button', { name: 'Apply to dates' })),
    );

    expect(screen.getByRole('status').textContent).toBe(
      'Created 2 classes; class 2 failed: This coach does not exist.',
    );
  });

  it('does not apply a template with an incomplete row', async () => {
    const fake = createFakeAdminClassesApi();
    render(<TemplateEditor api={fake.api} />);
    const apply = screen.getByRole('group', { name: 'Apply to dates' });

    await settle(() =>
      fireEvent.click(within(apply).getByRole('button', { name: 'Apply to dates' })),
    );

    expect(screen.getByRole('status').textContent).toBe('Fix the marked classes first.');
    expect(fake.calls.createClasses).toEqual([]);
  });
});

function classOn(date: string, fields: Partial<StudioClass> = {}): StudioClass {
  return {
    name: 'Morning ride',
    branch: 'centro',
    date,
    hour: '07:00',
    startsAt: toEpoch(date, '07:00'),
    duration: 45,
    exercise: 'cycling',
    coach: 'carlos',
    capacity: 10,
    creditKind: 'regular',
    status: 'scheduled',
    bookedCount: 3,
    waitlistCount: 0,
    ...fields,
  };
}

describe('admin-clases', () => {
  const soon = addDays(formatDate(Date.now()), 2);
  const later = addDays(formatDate(Date.now()), 3);

  function renderList() {
    const fake = createFakeAdminClassesApi({
      classes: {
        c1: classOn(soon),
        c2: classOn(later, { name: 'Flow', coach: 'lucia', exercise: 'yoga' }),
      },
    });
    render(<AdminClassesList api={fake.api} />);
    return fake;
  }

  it('reads a page of the classes starting in the dates shown, by the startsAt index', () => {
    const today = formatDate(Date.now());
    const fake = renderList();
    expect(fake.pages).toEqual([
      { query: adminClassesQuery(today, addDays(today, 13)), limit: CLASS_PAGE_SIZE },
    ]);
    expect(adminClassesQuery('2026-11-20', '2026-11-21')).toEqual({
      path: 'Classes',
      orderByChild: 'startsAt',
      startAt: toEpoch('2026-11-20', '00:00'),
      endAt: toEpoch('2026-11-22', '00:00') - 1,
      from: 'first',
    });
    // A class after the window is not asked for.
    fireEvent.change(screen.getByLabelText('Until'), { target: { value: soon } });
    expect(fake.pages.at(-1)?.query).toEqual(adminClassesQuery(today, soon));
    expect(screen.queryByRole('listitem', { name: `Flow ${later} 07:00` })).toBeNull();
  });

  it("loads the next page of classes with 'Load later classes'", async () => {
    const classes = Object.fromEntries(
      Array.from({ length: CLASS_PAGE_SIZE + 2 }, (_, i) => [
        `c${String(i).padStart(3, '0')}`,
        { ...classOn(soon), hour: '07:00', startsAt: toEpoch(soon, '07:00') + i * 60_000 },
      ]),
    );
    const fake = createFakeAdminClassesApi({ classes });
    render(<AdminClassesList api={fake.api} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(CLASS_PAGE_SIZE);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Load later classes' })));
    expect(fake.pages.at(-1)?.limit).toBe(CLASS_PAGE_SIZE * 2);
    expect(screen.getAllByRole('listitem')).toHaveLength(CLASS_PAGE_SIZE + 2);
    expect(screen.queryByRole('button', { name: 'Load later classes' })).toBeNull();
  });

  it('lists the classes and filters them by coach', () => {
    renderList();
    const ride = screen.getByRole('listitem', { name: `Morning ride ${soon} 07:00` });
    expect(within(ride).getByText('Carlos · Centro')).toBeTruthy();
    expect(within(ride).getByText('3/10 booked')).toBeTruthy();

    type('Coach', 'lucia');

    expect(screen.queryByRole('listitem', { name: `Morning ride ${soon} 07:00` })).toBeNull();
    expect(screen.getByRole('listitem', { name: `Flow ${later} 07:00` })).toBeTruthy();
  });

  it('sends only the changed fields to updateClass', async () => {
    const fake = renderList();
    fireEvent.click(screen.getByRole('button', { name: `Edit Morning ride ${soon} 07:00` }));
    const dialog = await screen.findByRole('dialog');
    type('Hour', '08:30', dialog);
    type('Coach', 'lucia', dialog);

    await settle(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));

    expect(fake.calls.updateClass).toEqual([{ classId: 'c1', hour: '08:30', coach: 'lucia' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Saved.');
  });

  it('will not lower the capacity below the bookings made', async () => {
    const fake = renderList();
    fireEvent.click(screen.getByRole('button', { name: `Edit Morning ride ${soon} 07:00` }));
    const dialog = await screen.findByRole('dialog');
    type('Capacity', '2', dialog);

    await settle(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));

    expect(within(dialog).getByText('At least 3: members have already booked.')).toBeTruthy();
    expect(fake.calls.updateClass).toEqual([]);
  });

  it('shows the refusal updateClass sends and keeps the dialog open', async () => {
    const fake = renderList();
    fake.answers.updateClass = () =>
      Promise.reject(
        new CallableRefusal('failed-precondition', 'capacityBelowBookings', { booked: 4 }),
      );
    fireEvent.click(screen.getByRole('button', { name: `Edit Morning ride ${soon} 07:00` }));
    const dialog = await screen.findByRole('dialog');
    type('Capacity', '3', dialog);

    await settle(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));

    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Capacity cannot be lower than the 4 bookings already made.',
    );
  });

  it('cancels a class from its row menu (never a solid button beside Edit), with a reason, after confirming', async () => {
    const fake = renderList();
    fake.answers.cancelClass = () => Promise.resolve({ refunded: 3 });
    expect(
      screen.queryByRole('button', { name: `Cancel class Morning ride ${soon} 07:00` }),
    ).toBeNull();
    fireEvent.click(
      screen.getByRole('button', { name: `More actions for Morning ride ${soon} 07:00` }),
    );
    fireEvent.click(
      screen.getByRole('menuitem', { name: `Cancel class Morning ride ${soon} 07:00` }),
    );
    const dialog = await screen.findByRole('alertdialog');

    await settle(() =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel the class' })),
    );
    expect(within(dialog).getByText('Required.')).toBeTruthy();
    expect(fake.calls.cancelClass).toEqual([]);

    type('Reason (members see it)', 'Coach ill', dialog);
    await settle(() =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel the class' })),
    );

    expect(fake.calls.cancelClass).toEqual([{ classId: 'c1', reason: 'Coach ill' }]);
    expect(screen.getByRole('status').textContent).toBe('Class cancelled. 3 credits returned.');
  });

  it('assigns a substitute from the row menu, names them on the row, and gives it back', async () => {
    const fake = renderList();
    fireEvent.click(
      screen.getByRole('button', { name: `More actions for Morning ride ${soon} 07:00` }),
    );
    fireEvent.click(
      screen.getByRole('menuitem', { name: `Assign a substitute Morning ride ${soon} 07:00` }),
    );
    const dialog = await screen.findByRole('dialog');
    const options = within(dialog)
      .getAllByRole('option')
      .map((option) => option.textContent);
    // Carlos teaches it: only the others are offered.
    expect(options).toEqual(['Lucía']);
    await settle(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' })));
    expect(fake.calls.assignSubstitute).toEqual([{ classId: 'c1', coachId: 'lucia' }]);
    expect(screen.getByRole('status').textContent).toMatch(
      /^Lucía teaches Morning ride · .+ 07:00\. Members told: 2\.$/,
    );

    // The class as the server leaves it: Lucía substitutes; Carlos is offered back as its own.
    fake.setClasses({ c1: classOn(soon, { substitute: 'lucia' }) });
    const ride = await screen.findByRole('listitem', { name: `Morning ride ${soon} 07:00` });
    expect(within(ride).getByText('Lucía, substituting Carlos · Centro')).toBeTruthy();
    expect(within(ride).getByText('Substitute')).toBeTruthy();
    fireEvent.click(
      screen.getByRole('button', { name: `More actions for Morning ride ${soon} 07:00` }),
    );
    fireEvent.click(
      screen.getByRole('menuitem', { name: `Assign a substitute Morning ride ${soon} 07:00` }),
    );
    const again = await screen.findByRole('dialog');
    type('Coach teaching', 'carlos', again);
    expect(within(again).getByRole('option', { name: 'Carlos (its own coach)' })).toBeTruthy();
    await settle(() => fireEvent.click(within(again).getByRole('button', { name: 'Assign' })));
    expect(fake.calls.assignSubstitute.at(-1)).toEqual({ classId: 'c1', coachId: null });
  });

  it('shows why a substitute was refused, in Spanish when the app speaks it', async () => {
    useLangStore.setState({ lang: 'es' });
    try {
      const fake = renderList();
      fake.answers.assignSubstitute = () =>
        Promise.reject(new CallableRefusal('failed-precondition', 'classEnded'));
      fireEvent.click(
        screen.getByRole('button', { name: `Más acciones para Morning ride ${soon} 07:00` }),
      );
      fireEvent.click(
        screen.getByRole('menuitem', { name: `Asignar suplente Morning ride ${soon} 07:00` }),
      );
      const dialog = await screen.findByRole('dialog');
      await settle(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Asignar' })));
      expect(within(dialog).getByRole('alert').textContent).toBe('Esta clase ya terminó.');
    } finally {
      useLangStore.setState({ lang: 'en' });
    }
  });

  it('offers a substitute, but no edit or cancel, once a class has started', () => {
    const startsAt = Date.now() - 60_000;
    const fake = createFakeAdminClassesApi({
      classes: { c1: classOn(formatDate(startsAt), { startsAt, duration: 60 }) },
    });
    render(<AdminClassesList api={fake.api} />);
    // Just after midnight the class began yesterday: the list then starts on its day.
    type('From', formatDate(startsAt));
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^More actions for Morning ride/ }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Assign a substitute',
    ]);
  });

  it('offers no edit or cancel on a cancelled class', () => {
    const fake = createFakeAdminClassesApi({
      classes: { c1: classOn(soon, { status: 'cancelled' }) },
    });
    render(<AdminClassesList api={fake.api} />);
    expect(screen.getByText(/Cancelled/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
  });
});
