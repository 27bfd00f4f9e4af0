/** Sorting, searching and paging a data table's rows: pure, so it is tested without a DOM. */

export type SortDirection = 'ascending' | 'descending';

export interface SortState {
  columnId: string;
  direction: SortDirection;
}

export type SortValue = string | number | null | undefined;

export interface TableViewOptions<Row> {
  query: string;
  /** The text a row is found by; no search when absent. */
  searchText?: (row: Row) => string;
  sort: SortState | null;
  sortValue?: (row: Row, columnId: string) => SortValue;
  /** 1-based. Clamped to the pages there are. */
  page: number;
  pageSize: number;
}

export interface TableView<Row> {
  rows: Row[];
  /** Rows that match the search, over all pages. */
  matches: number;
  page: number;
  pages: number;
}

/** Lower case without accents, so "jose" finds "José". */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase()
    .trim();
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Empty values sort last in both directions. */
export function compareSortValues(a: SortValue, b: SortValue, direction: SortDirection): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  const order =
    typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
  return direction === 'ascending' ? order : -order;
}

/** The rows one page shows: filtered by every word of the query, sorted (stable), paged. */
export function tableView<Row>(
  rows: readonly Row[],
  options: TableViewOptions<Row>,
): TableView<Row> {
  const words = normalizeSearch(options.query).split(/\s+/).filter(Boolean);
  const { searchText, sort, sortValue } = options;
  const found =
    words.length > 0 && searchText
      ? rows.filter((row) => {
          const text = normalizeSearch(searchText(row));
          return words.every((word) => text.includes(word));
        })
      : [...rows];
  if (sort && sortValue) {
    found.sort((a, b) =>
      compareSortValues(sortValue(a, sort.columnId), sortValue(b, sort.columnId), sort.direction),
    );
  }
  const pageSize = Math.max(1, Math.floor(options.pageSize));
  const pages = Math.max(1, Math.ceil(found.length / pageSize));
  const page = Math.min(Math.max(1, Math.floor(options.page)), pages);
  const start = (page - 1) * pageSize;
  return { rows: found.slice(start, start + pageSize), matches: found.length, page, pages };
}

/** The next sort when a column's header is pressed: ascending, then descending, then ascending. */
export function nextSort(current: SortState | null, columnId: string): SortState {
  if (current?.columnId === columnId && current.direction === 'ascending') {
    return { columnId, direction: 'descending' };
  }
  return { columnId, direction: 'ascending' };
}
