export type { DataTableColumn, DataTableProps } from './data-table';
export { DataTable } from './data-table';
export type { SortDirection, SortState } from './table-view';
