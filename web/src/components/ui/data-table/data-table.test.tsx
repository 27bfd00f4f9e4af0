import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DataTableColumn } from './data-table';
import { DataTable } from './data-table';

interface Row {
  id: string;
  name: string;
  credits: number;
}

const rows: Row[] = Array.from({ length: 25 }, (_, index) => ({
  id: `u${index}`,
  name: `Member ${String(index).padStart(2, '0')}`,
  credits: index % 5,
}));

const columns: DataTableColumn<Row>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: (row) => row.name,
    sortValue: (row) => row.name,
    rowHeader: true,
  },
  { id: 'credits', header: 'Credits', cell: (row) => row.credits, sortValue: (row) => row.credits },
];

function bodyRows() {
  const [, body] = screen.getAllByRole('rowgroup');
  return within(body!).getAllByRole('row');
}

describe('DataTable', () => {
  it('shows one page at a time and moves between pages', () => {
    render(
      <DataTable
        caption="Members"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        pageSize={10}
      />,
    );
    expect(screen.getByRole('table', { name: 'Members' })).toBeTruthy();
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    const previous = screen.getByRole<HTMLButtonElement>('button', { name: 'Previous page' });
    expect(previous.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(bodyRows()).toHaveLength(5);
  });

  it('frames the table in a region named like it that the keyboard reaches (it scrolls inside from 640 px)', () => {
    render(<DataTable caption="Members" columns={columns} rows={rows} rowKey={(row) => row.id} />);
    const frame = screen.getByRole('region', { name: 'Members' });
    expect(frame.tabIndex).toBe(0);
    expect(within(frame).getByRole('table', { name: 'Members' })).toBeTruthy();
  });

  it('sorts by a column and says so with aria-sort', () => {
    render(<DataTable caption="Members" columns={columns} rows={rows} rowKey={(row) => row.id} />);
    const header = screen.getByRole('columnheader', { name: /Credits/ });
    expect(header.getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(within(bodyRows()[0]!).getByText('0')).toBeTruthy();
    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(within(bodyRows()[0]!).getByText('4')).toBeTruthy();
  });

  it('filters by the search and goes back to the first page', () => {
    render(
      <DataTable
        caption="Members"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        pageSize={10}
        searchText={(row) => row.name}
        searchLabel="Search members"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.change(screen.getByLabelText('Search members'), { target: { value: 'member 3' } });
    expect(bodyRows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Member 03',
      'Member 13',
      'Member 23',
    ]);
    expect(screen.getByText('3 rows')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    fireEvent.change(screen.getByLabelText('Search members'), { target: { value: 'nobody' } });
    expect(screen.getByText('Nothing matches your search.')).toBeTruthy();
  });

  it('shows the empty state when there are no rows at all', () => {
    render(
      <DataTable
        caption="Members"
        columns={columns}
        rows={[]}
        rowKey={(row) => row.id}
        empty={<p>No members yet</p>}
      />,
    );
    expect(screen.getByText('No members yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
