import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { kitMessages } from '../kit-messages';
import type { SortState, SortValue } from './table-view';
import { TableScroll } from './table-scroll';
import { nextSort, tableView } from './table-view';

export interface DataTableColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?: (row: Row) => SortValue;
  align?: 'start' | 'end';
  /** The cell that names the row (a row header for screen readers). */
  rowHeader?: boolean;
}

export interface DataTableProps<Row> {
  /** The table's accessible name (its caption, visually hidden). */
  caption: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The text a row is found by; the search box shows only with it. */
  searchText?: (row: Row) => string;
  searchLabel?: string;
  initialSort?: SortState;
  pageSize?: number;
  /** Shown instead of the table when there are no rows at all. */
  empty?: ReactNode;
  /** A test id for each row (journeys find rows by it). */
  rowTestId?: (row: Row) => string | undefined;
}

/**
 * A table with search, sortable columns (`aria-sort` on the sorted header) and pages. On a phone
 * each row shows as a card, each cell labelled by its column's header.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  searchText,
  searchLabel,
  initialSort,
  pageSize = 20,
  empty,
  rowTestId,
}: DataTableProps<Row>) {
  const t = useT(kitMessages);
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortState | null>(initialSort ?? null);
  const [page, setPage] = useState(1);
  const view = tableView(rows, {
    query,
    searchText,
    sort,
    sortValue: (row, columnId) =>
      columns.find((column) => column.id === columnId)?.sortValue?.(row),
    page,
    pageSize,
  });

  if (rows.length === 0 && empty) return <>{empty}</>;

  return (
    <div className="ui-table">
      {searchText && (
        <div className="ui-table-toolbar">
          <label htmlFor={searchId} className="visually-hidden">
            {searchLabel ?? t('kitSearch')}
          </label>
          <input
            id={searchId}
            type="search"
            className="ui-input ui-table-search"
            placeholder={searchLabel ?? t('kitSearch')}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setPage(1);
            }}
          />
          <span className="ui-table-count" aria-live="polite">
            {t('kitRowsCount', { count: view.matches })}
          </span>
        </div>
      )}
      <TableScroll label={caption}>
        <table>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const sorted = sort?.columnId === column.id ? sort.direction : undefined;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    aria-sort={column.sortValue ? (sorted ?? 'none') : undefined}
                    className={column.align === 'end' ? 'ui-align-end' : undefined}
                  >
                    {column.sortValue ? (
                      <button
                        type="button"
                        className="ui-sort"
                        onClick={() => {
                          setSort(nextSort(sort, column.id));
                          setPage(1);
                        }}
                      >
                        {column.header}
                        <span className="ui-sort-icon" aria-hidden="true">
                          {sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {view.rows.map((row) => (
              <tr key={rowKey(row)} data-testid={rowTestId?.(row)}>
                {columns.map((column) => {
                  const className = column.align === 'end' ? 'ui-align-end' : undefined;
                  return column.rowHeader ? (
                    <th
                      key={column.id}
                      scope="row"
                      data-label={column.header}
                      className={className}
                    >
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.id} data-label={column.header} className={className}>
                      {column.cell(row)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {view.matches === 0 && <p className="ui-table-empty">{t('kitNoResults')}</p>}
      {view.pages > 1 && (
        <nav className="ui-pagination" aria-label={caption}>
          <button
            type="button"
            className="button button-secondary button-s"
            disabled={view.page <= 1}
            onClick={() => setPage(view.page - 1)}
          >
            {t('kitPrevious')}
          </button>
          <span aria-live="polite">{t('kitPageOf', { page: view.page, pages: view.pages })}</span>
          <button
            type="button"
            className="button button-secondary button-s"
            disabled={view.page >= view.pages}
            onClick={() => setPage(view.page + 1)}
          >
            {t('kitNext')}
          </button>
        </nav>
      )}
    </div>
  );
}
