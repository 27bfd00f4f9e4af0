export type { DataTableColumn, DataTableProps } from './data-table';
export { DataTable } from './data-table';
export { TableScroll } from './table-scroll';
export type { SortDirection, SortState } from './table-view';
