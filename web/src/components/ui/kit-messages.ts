import { defineMessages } from '../../lib/define-messages';

/** Labels of the kit's own controls (data table, sheets). */
export const kitMessages = defineMessages({
  en: {
    kitSearch: 'Search',
    kitNoResults: 'Nothing matches your search.',
    kitPrevious: 'Previous page',
    kitNext: 'Next page',
    kitPageOf: 'Page {page} of {pages}',
    kitRowsCount: '{count} rows',
    kitSortBy: 'Sort by {column}',
    kitClose: 'Close',
    kitFrom: 'From',
    kitTo: 'To',
  },
  es: {
    kitSearch: 'Buscar',
    kitNoResults: 'Nada coincide con tu búsqueda.',
    kitPrevious: 'Página anterior',
    kitNext: 'Página siguiente',
    kitPageOf: 'Página {page} de {pages}',
    kitRowsCount: '{count} filas',
    kitSortBy: 'Ordenar por {column}',
    kitClose: 'Cerrar',
    kitFrom: 'Desde',
    kitTo: 'Hasta',
  },
});
