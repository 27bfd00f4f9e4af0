import { describe, expect, it } from 'vitest';
import { compareSortValues, nextSort, normalizeSearch, tableView } from './table-view';

interface Member {
  name: string;
  credits: number | null;
}

const members: Member[] = [
  { name: 'José Pérez', credits: 3 },
  { name: 'ana López', credits: 10 },
  { name: 'Bea Ruiz', credits: null },
  { name: 'Carlos Díaz', credits: 1 },
];

const base = {
  query: '',
  searchText: (row: Member) => row.name,
  sort: null,
  sortValue: (row: Member, columnId: string) => (columnId === 'credits' ? row.credits : row.name),
  page: 1,
  pageSize: 10,
};

describe('tableView', () => {
  it('finds rows by every word of the query, ignoring case and accents', () => {
    const view = tableView(members, { ...base, query: 'JOSE  perez' });
    expect(view.rows.map((row) => row.name)).toEqual(['José Pérez']);
    expect(view.matches).toBe(1);
    expect(tableView(members, { ...base, query: 'jose ruiz' }).matches).toBe(0);
  });

  it('sorts text case-insensitively and numbers numerically, empty values last both ways', () => {
    const byName = tableView(members, {
      ...base,
      sort: { columnId: 'name', direction: 'ascending' },
    });
    expect(byName.rows.map((row) => row.name)).toEqual([
      'ana López',
      'Bea Ruiz',
      'Carlos Díaz',
      'José Pérez',
    ]);
    const down = tableView(members, {
      ...base,
      sort: { columnId: 'credits', direction: 'descending' },
    });
    expect(down.rows.map((row) => row.credits)).toEqual([10, 3, 1, null]);
    const up = tableView(members, {
      ...base,
      sort: { columnId: 'credits', direction: 'ascending' },
    });
    expect(up.rows.map((row) => row.credits)).toEqual([1, 3, 10, null]);
  });

  it('pages the matches and clamps the page to the pages there are', () => {
    const second = tableView(members, { ...base, pageSize: 3, page: 2 });
    expect(second).toMatchObject({ page: 2, pages: 2, matches: 4 });
    expect(second.rows).toHaveLength(1);
    expect(tableView(members, { ...base, pageSize: 3, page: 9 }).page).toBe(2);
    expect(tableView([], { ...base, page: 3 })).toMatchObject({ page: 1, pages: 1, matches: 0 });
  });

  it('leaves the input untouched', () => {
    const copy = [...members];
    tableView(members, { ...base, sort: { columnId: 'name', direction: 'descending' } });
    expect(members).toEqual(copy);
  });
});

describe('sorting helpers', () => {
  it('cycles a column ascending → descending → ascending and starts a new column ascending', () => {
    const first = nextSort(null, 'name');
    expect(first).toEqual({ columnId: 'name', direction: 'ascending' });
    const second = nextSort(first, 'name');
    expect(second.direction).toBe('descending');
    expect(nextSort(second, 'name').direction).toBe('ascending');
    expect(nextSort(second, 'credits')).toEqual({ columnId: 'credits', direction: 'ascending' });
  });

  it('compares numbers inside text naturally', () => {
    expect(compareSortValues('Room 10', 'Room 9', 'ascending')).toBeGreaterThan(0);
    expect(normalizeSearch('  Ñandú ')).toBe('nandu');
  });
});
