import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { payReport, toEpoch } from '@studio/core';
import type {
  CoachPayRate,
  CoachPayReportInput,
  PaidClass,
  SaveCoachPayRateInput,
} from '@studio/core';
import { CallableRefusal } from '../../../lib/callable-errors';
import { useLangStore } from '../../../lib/i18n';
import type { CoachPayApi } from '../api/coach-pay-api';
import { CoachPayScreen } from './coach-pay-screen';

const NOW = toEpoch('2026-11-20', '12:00');

function paidClass(date: string, coach: string, attendees: number, more: Partial<PaidClass> = {}) {
  return {
    date,
    hour: '07:00',
    startsAt: toEpoch(date, '07:00'),
    duration: 50,
    exercise: 'spin',
    coach,
    cancelled: false,
    attendees,
    title: 'Spin',
    ...more,
  } satisfies PaidClass;
}

const CLASSES: Record<string, PaidClass> = {
  k1: paidClass('2026-11-02', 'carlos', 3),
  k2: paidClass('2026-11-09', 'carlos', 5, { substitute: 'lucia' }),
  k3: paidClass('2026-11-16', 'lucia', 2, { exercise: 'yoga', title: 'Yoga' }),
  k4: paidClass('2026-10-30', 'carlos', 9),
};

/**
 * The screen's server in memory: rates saved as saveCoachPayRate stores them (watchers told),
 * and the report computed by core's own `payReport` over the classes above, as the function does.
 */
function fakeApi() {
  const rates: Record<string, Record<string, CoachPayRate>> = {
    carlos: {
      r1: {
        exercise: '*',
        effectiveFrom: '2026-10-01',
        rule: { perClass: 2000, perHead: [{ from: 1, amount: 100 }], minimum: 0 },
        currency: 'USD',
        savedAt: 1,
        savedBy: 'demo-admin',
      },
    },
  };
  const watchers: ((value: typeof rates) => void)[] = [];
  const saved: SaveCoachPayRateInput[] = [];
  const asked: CoachPayReportInput[] = [];
  let refuse = false;
  const api: CoachPayApi = {
    watchCoaches: (onChange) => {
      onChange({
        carlos: { name: 'Carlos' },
        lucia: { name: 'Lucía' },
      } as never);
      return () => undefined;
    },
    watchExercises: (onChange) => {
      onChange({ spin: { name: 'Spin' }, yoga: { name: 'Yoga' } } as never);
      return () => undefined;
    },
    watchRates: (onChange) => {
      watchers.push(onChange);
      onChange(structuredClone(rates));
      return () => undefined;
    },
    saveRate: (input) => {
      if (refuse) return Promise.reject(new CallableRefusal('not-found', 'coachNotFound'));
      saved.push(input);
      const rateId = `r${saved.length + 1}`;
      rates[input.coachId] = {
        ...rates[input.coachId],
        [rateId]: {
          exercise: input.exercise,
          effectiveFrom: input.effectiveFrom,
          rule: input.rule,
          currency: 'USD',
          savedAt: saved.length + 1,
          savedBy: 'demo-admin',
        },
      };
      watchers.forEach((watcher) => watcher(structuredClone(rates)));
      return Promise.resolve({ rateId });
    },
    report: (input) => {
      asked.push(input);
      return Promise.resolve({
        coaches: payReport({
          classes: CLASSES,
          rates,
          names: { carlos: 'Carlos', lucia: 'Lucía' },
          ...input,
          currency: 'USD',
          nowMs: NOW,
        }),
      });
    },
  };
  return { api, saved, asked, refuseNext: () => (refuse = true) };
}

afterEach(() => useLangStore.setState({ lang: 'en' }));

function figure(scope: HTMLElement, label: string) {
  return within(scope).getByText(label).nextElementSibling?.textContent;
}

describe('admin-coach-pay', () => {
  it('reports the month so far per coach, with totals and each class, and downloads it', async () => {
    const fake = fakeApi();
    const files: [string, string][] = [];
    render(
      <CoachPayScreen
        api={fake.api}
        download={(name, csv) => files.push([name, csv])}
        now={() => NOW}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Coach pay' })).toBeTruthy();
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(fake.asked).toEqual([{ from: '2026-11-01', to: '2026-11-20' }]);
    expect(within(totals).getByText('Sunday 1 November to Friday 20 November')).toBeTruthy();
    expect(figure(totals, 'Classes taught')).toBe('3');
    expect(figure(totals, 'Attendees')).toBe('10');
    expect(figure(totals, 'Substitutions')).toBe('1');
    // Carlos: k1 at $20 + 3 × $1; Lucía has no rate.
    expect(figure(totals, 'Amount')).toBe('$23');

    const carlos = screen.getByRole('listitem', { name: 'Carlos' });
    expect(carlos.querySelector('.coach-pay-amount')?.textContent).toBe('$23');
    expect(figure(carlos, 'Covered by others')).toBe('1');
    const lucia = screen.getByRole('listitem', { name: 'Lucía' });
    expect(figure(lucia, 'Substitutions')).toBe('1');
    expect(
      within(lucia).getByText(
        'Classes without a rate for their type: 2. They pay nothing until one is set.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(lucia).getByText('Show the classes'));
    const table = within(lucia).getByRole('table', { name: 'Classes of Lucía' });
    expect(within(table).getAllByText('Substitute')).toHaveLength(1);
    expect(within(table).getByText('Mon 9 Nov')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(files.map(([name]) => name)).toEqual(['coach-pay-2026-11-01-2026-11-20.csv']);
    expect(files[0]![1].trimEnd().split('\r\n').slice(1)).toEqual([
      'carlos,Carlos,2026-11-02,07:00,k1,Spin,spin,3,no,23.00,USD,r1',
      'lucia,Lucía,2026-11-09,07:00,k2,Spin,spin,5,yes,0.00,USD,',
      'lucia,Lucía,2026-11-16,07:00,k3,Yoga,yoga,2,no,0.00,USD,',
    ]);
  });

  it('asks for one coach, and refuses a period the wrong way round or too long', async () => {
    const fake = fakeApi();
    render(<CoachPayScreen api={fake.api} download={() => undefined} now={() => NOW} />);
    await screen.findByRole('region', { name: 'Totals' });
    fireEvent.change(screen.getByLabelText('Coach'), { target: { value: 'lucia' } });
    await waitFor(() =>
      expect(fake.asked.at(-1)).toEqual({ from: '2026-11-01', to: '2026-11-20', coachId: 'lucia' }),
    );
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Carlos' })).toBeNull());

    const from = screen.getByLabelText('From');
    fireEvent.change(from, { target: { value: '2026-11-25' } });
    fireEvent.blur(from);
    expect(await screen.findByText('The start date must not be after the end date.')).toBeTruthy();
    fireEvent.change(from, { target: { value: '2026-06-01' } });
    fireEvent.blur(from);
    expect(await screen.findByText('A pay period covers three months at most.')).toBeTruthy();
    const calls = fake.asked.length;
    expect(screen.queryByRole('region', { name: 'Totals' })).toBeNull();
    expect(fake.asked).toHaveLength(calls);
  });

  it('saves a new rate from a date on, lists it, and reports with it', async () => {
    const fake = fakeApi();
    render(<CoachPayScreen api={fake.api} download={() => undefined} now={() => NOW} />);
    await screen.findByRole('region', { name: 'Totals' });
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Pay rates' }));
    const form = await screen.findByRole('form', { name: 'New rate' });
    const rates = screen.getByRole('table', { name: 'Rates' });
    expect(within(rates).getByText('$20 a class · $1 an attendee')).toBeTruthy();
    expect(within(rates).getByText('In effect')).toBeTruthy();

    // Nothing is sent while a field is wrong.
    fireEvent.change(within(form).getByLabelText('Per class'), { target: { value: 'ten' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save rate' }));
    expect(within(form).getByText('Required.')).toBeTruthy();
    expect(within(form).getByText('Write an amount such as 20 or 1.50.')).toBeTruthy();
    expect(fake.saved).toEqual([]);

    fireEvent.change(within(form).getByLabelText(/^Coach/), { target: { value: 'lucia' } });
    fireEvent.change(within(form).getByLabelText('Class type'), { target: { value: 'yoga' } });
    const from = within(form).getByLabelText(/^From/);
    fireEvent.change(from, { target: { value: '2026-11-10' } });
    fireEvent.blur(from);
    fireEvent.change(within(form).getByLabelText('Per class'), { target: { value: '15' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add a tier' }));
    fireEvent.change(within(form).getByLabelText('Amount each'), { target: { value: '2.50' } });
    fireEvent.change(within(form).getByLabelText('Bonus when more than'), {
      target: { value: '1' },
    });
    fireEvent.change(within(form).getByLabelText('Bonus'), { target: { value: '5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save rate' }));
    expect(
      await within(form).findByText('Rate saved for Lucía from Tuesday 10 November.'),
    ).toBeTruthy();
    expect(fake.saved).toEqual([
      {
        coachId: 'lucia',
        exercise: 'yoga',
        effectiveFrom: '2026-11-10',
        rule: {
          perClass: 1500,
          perHead: [{ from: 1, amount: 250 }],
          bonus: { over: 1, amount: 500 },
          minimum: 0,
        },
      },
    ]);
    expect(
      await within(rates).findByText('$15 a class · $2.50 an attendee · $5 bonus over 1 attendees'),
    ).toBeTruthy();

    // The report is asked again: Lucía's yoga class on the 16th now pays $15 + 2 × $2.50 + $5.
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Pay report' }));
    const lucia = await screen.findByRole('listitem', { name: 'Lucía' });
    expect(lucia.querySelector('.coach-pay-amount')?.textContent).toBe('$25');
  });

  it('says why the server refused a rate, in the reader’s language', async () => {
    useLangStore.setState({ lang: 'es' });
    const fake = fakeApi();
    fake.refuseNext();
    render(<CoachPayScreen api={fake.api} download={() => undefined} now={() => NOW} />);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Tarifas' }));
    const form = await screen.findByRole('form', { name: 'Nueva tarifa' });
    fireEvent.change(within(form).getByLabelText(/^Coach/), { target: { value: 'carlos' } });
    fireEvent.change(within(form).getByLabelText('Por clase'), { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar tarifa' }));
    expect(await within(form).findByText('Este coach no existe.')).toBeTruthy();
  });
});
