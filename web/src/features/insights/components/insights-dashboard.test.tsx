import { fireEvent, render, screen, within } from '@testing-library/react';
import { toEpoch } from '@studio/core';
import { afterEach, describe, expect, it } from 'vitest';
import { useLangStore } from '../../../lib/i18n';
import type { InsightsApi } from '../api/insights-api';
import { DAYS, PLANS } from '../insights.fixture';
import { InsightsDashboard } from './insights-dashboard';

const NOW = toEpoch('2026-03-03', '12:00');

function fakeApi(days: unknown) {
  const asked: { granularity: string; start: string; end: string; branch?: string }[] = [];
  const chainReads: string[] = [];
  const api: InsightsApi = {
    watchPeriods: (granularity, range, onChange, branch = null) => {
      asked.push({ granularity, ...range, ...(branch === null ? {} : { branch }) });
      onChange(granularity === 'day' ? days : null);
      return () => undefined;
    },
    watchLiability: (_end, onChange) => {
      chainReads.push('liability');
      onChange({
        '2026-03-03': {
          asOf: NOW,
          byKind: { regular: { outstanding: 42, expiring7: 5, expiring30: 9 } },
        },
      });
      return () => undefined;
    },
    watchNames: (node, onChange) => {
      onChange(
        node === 'coaches'
          ? { ana: { name: 'Ana' }, bruno: { name: 'Bruno' } }
          : node === 'exercises'
            ? { yoga: { name: 'Yoga' }, ride: { name: 'Ride' } }
            : { centro: { name: 'Centro' } },
      );
      return () => undefined;
    },
    watchPlans: (onChange) => {
      chainReads.push('plans');
      onChange(PLANS);
      return () => undefined;
    },
    watchSettings: (onChange) => {
      onChange({ currency: 'USD' });
      return () => undefined;
    },
  };
  return { api, asked, chainReads };
}

afterEach(() => useLangStore.setState({ lang: 'en' }));

describe('admin-insights', () => {
  it('reads the 30 days up to yesterday and shows the summary, charts with tables, and liability', () => {
    const fake = fakeApi(DAYS);
    render(<InsightsDashboard api={fake.api} download={() => undefined} now={() => NOW} />);
    expect(fake.asked[0]).toEqual({ granularity: 'day', start: '2026-02-01', end: '2026-03-02' });
    const summary = screen.getByRole('heading', { name: 'Summary' })
      .nextElementSibling as HTMLElement;
    const figure = (name: string) =>
      within(summary).getByText(name).nextElementSibling?.textContent;
    expect(figure('Classes held')).toBe('2');
    expect(figure('Occupancy')).toBe('93.3%');
    expect(figure('Net revenue')).toBe('$114.00');
    expect(figure('Second visit within 30 days')).toBe('50%');
    expect(figure('Subscribers at the end')).toBe('5');
    expect(
      screen.getByRole('img', { name: /Occupancy by day: 2 · max 93\.3% \(Mon 2 Mar\)/ }),
    ).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Occupancy by day' })).toBeTruthy();
    // The day in words, each kind of credit named as its packs are.
    const liability = screen.getByRole('table', {
      name: /^Credits outstanding \(as of Tue 3 Mar(?: 2026)?\)$/,
    });
    expect(within(liability).getByText('42')).toBeTruthy();
    expect(within(liability).getByRole('rowheader').textContent).toBe('Class credits');
    // Purchase kinds in words, as on lista-pagos, never the stored value.
    const byKind = screen.getByRole('table', { name: 'Revenue by package kind' });
    const kinds = within(byKind)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(kinds.sort()).toEqual(['Class credits', 'Monthly plan']);
  });

  it('shows a branch manager their branch’s classes and money only, read from that branch’s figures', () => {
    const fake = fakeApi(DAYS);
    const files: [string, string][] = [];
    render(
      <InsightsDashboard
        api={fake.api}
        download={(name, csv) => files.push([name, csv])}
        now={() => NOW}
        branchScope="centro"
      />,
    );
    expect(fake.asked[0]).toEqual({
      granularity: 'day',
      start: '2026-02-01',
      end: '2026-03-02',
      branch: 'centro',
    });
    // The chain's members, plans and credits are neither read nor shown.
    expect(fake.chainReads).toEqual([]);
    expect(
      screen.getByText(/^Centro: the classes of your branch and the payments made at it\./),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Branch')).toBeNull();
    const summary = screen.getByRole('heading', { name: 'Summary' })
      .nextElementSibling as HTMLElement;
    expect(within(summary).getByText('Classes held').nextElementSibling?.textContent).toBe('2');
    // The money of the payments made at the branch (its figures carry them).
    expect(within(summary).getByText('Net revenue').nextElementSibling?.textContent).toBe(
      '$114.00',
    );
    expect(within(summary).queryByText('Subscribers at the end')).toBeNull();
    expect(screen.getByRole('table', { name: 'Revenue by package kind' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Members and subscriptions' })).toBeNull();
    expect(screen.queryByRole('heading', { name: /Credits outstanding/ })).toBeNull();
    expect(screen.getByRole('table', { name: 'Occupancy by day' })).toBeTruthy();
    // Its CSV stops at the money: no columns of the chain's members and subscriptions.
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const [header, first] = files[0]?.[1].split('\r\n') ?? [];
    expect(header?.split(',').at(-1)).toBe('net');
    expect(header).not.toContain('active_members');
    expect(first?.split(',')).toHaveLength(header?.split(',').length ?? 0);
  });

  it('shows members, recurring revenue and churn per plan, frozen plans apart', () => {
    render(
      <InsightsDashboard api={fakeApi(DAYS).api} download={() => undefined} now={() => NOW} />,
    );
    const table = screen.getByRole('table', { name: 'Plans' });
    const cells = (name: string) =>
      [...(within(table).getByRole('rowheader', { name }).parentElement?.children ?? [])].map(
        (cell) => cell.textContent,
      );
    // Plan, members, frozen, gifts, monthly revenue, on hold, started, ended, churn: as of the
    // range's last day, starts and ends summed over it.
    expect(cells('Unlimited, one class a day')).toEqual([
      'Unlimited, one class a day',
      '4',
      '1',
      '1',
      '$480.00',
      '$120.00',
      '3',
      '1',
      '14.3%',
    ]);
    // A weekly price as a month: $35 × 365.25 / 12 / 7.
    expect(cells('Two classes a week')).toEqual([
      'Two classes a week',
      '2',
      '1',
      '0',
      '$304.38',
      '$152.19',
      '0',
      '1',
      '25%',
    ]);
    expect(cells('Annual unlimited')).toEqual([
      'Annual unlimited',
      '0',
      '0',
      '0',
      '$0.00',
      '$0.00',
      '0',
      '0',
      '—',
    ]);
    // Gone from the catalogue: its id, and no price to count.
    expect(cells('retired')).toEqual(['retired', '0', '0', '0', '—', '—', '0', '1', '100%']);
    expect(screen.getByText(/^Members as of Mon 2 Mar(?: 2026)?\./)).toBeTruthy();
    const summary = screen.getByRole('heading', { name: 'Summary' })
      .nextElementSibling as HTMLElement;
    const figure = (name: string) =>
      within(summary).getByText(name).nextElementSibling?.textContent;
    expect(figure('Members on plans at the end')).toBe('9');
    expect(figure('Monthly recurring revenue (plans)')).toBe('$784.38');
    // 3 ended of the 9 held at the end plus the 3 who left.
    expect(figure('Plan churn')).toBe('25%');
  });

  it('filters classes by coach, and exports the filtered figures as CSV', () => {
    const fake = fakeApi(DAYS);
    const files: [string, string][] = [];
    render(
      <InsightsDashboard
        api={fake.api}
        download={(name, csv) => files.push([name, csv])}
        now={() => NOW}
      />,
    );
    fireEvent.change(screen.getByLabelText('Coach'), { target: { value: 'bruno' } });
    const summary = screen.getByRole('heading', { name: 'Summary' })
      .nextElementSibling as HTMLElement;
    expect(within(summary).getByText('Classes held').nextElementSibling?.textContent).toBe('1');
    expect(within(summary).getByText('Occupancy').nextElementSibling?.textContent).toBe('100%');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(files[0]?.[0]).toBe('insights-2026-02-01-2026-03-02.csv');
    expect(files[0]?.[1].split('\r\n')[2]?.startsWith('2026-03-02,1,0,20,20,1.0000')).toBe(true);
  });

  it('reads months for a long range, and says so when a range is backwards', () => {
    const fake = fakeApi(DAYS);
    render(<InsightsDashboard api={fake.api} download={() => undefined} now={() => NOW} />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-01' } });
    expect(fake.asked.at(-1)).toEqual({ granularity: 'month', start: '2025-01', end: '2026-03' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-04-01' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'The start date must not be after the end date.',
    );
  });

  it('speaks Spanish', () => {
    useLangStore.setState({ lang: 'es' });
    render(
      <InsightsDashboard api={fakeApi(DAYS).api} download={() => undefined} now={() => NOW} />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Indicadores' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Planes' })).toBeTruthy();
    expect(screen.getByText(/^Miembros al lun 2 mar(?: 2026)?\./)).toBeTruthy();
  });
});
