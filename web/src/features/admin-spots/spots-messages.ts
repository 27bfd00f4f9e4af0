/**
 * The seat-layout editor's own labels, English and Spanish. Errors the functions send come from
 * `@studio/core`'s catalogue through `useT()`.
 */
import type { Lang, MessageParams } from '@studio/core';
import { useCallback } from 'react';
import { useLangStore } from '../../lib/i18n';

const en = {
  title: 'Admin seats',
  layouts: 'Seat layouts',
  noLayouts: 'No seat layouts yet.',
  newLayout: 'New layout',
  edit: 'Edit',
  editLayout: 'Edit {name}',
  layoutSummary: '{name} · {spots} spots',
  layoutName: 'Layout name',
  rows: 'Rows',
  cols: 'Columns',
  grid: 'Seat grid of {name}',
  gridHelp:
    'Arrow keys move between cells, or move the selected spot. Enter or Space places a spot on an empty cell or selects one. Delete removes the selected spot. Escape lets go.',
  emptyCell: 'Empty cell, row {row}, column {col}',
  spotCell: 'Spot {label}, row {row}, column {col}',
  spotCellDisabled: 'Spot {label}, row {row}, column {col}, disabled',
  selectedSpot: 'Selected spot',
  spotName: 'Spot name',
  disabled: 'Disabled (cannot be booked)',
  deleteSpot: 'Delete spot',
  spotList: 'Spots as a list',
  listName: 'Name of the spot at row {row}, column {col}',
  listRow: 'Row of spot {label}',
  listCol: 'Column of spot {label}',
  listDisabled: 'Spot {label} disabled',
  listDelete: 'Delete spot {label}',
  addAt: 'Add a spot at row {row}, column {col}',
  add: 'Add spot',
  noSpots: 'No spots yet: place one on the grid or add one here.',
  save: 'Save layout',
  saving: 'Saving…',
  cancel: 'Close',
  deleteLayout: 'Delete layout',
  saved: 'Layout saved.',
  deleted: 'Layout deleted.',
  layoutInUse: 'This layout is used by {count} upcoming classes; it cannot be deleted.',
  placed: 'Spot {label} placed at row {row}, column {col}.',
  moved: 'Spot {label} moved to row {row}, column {col}.',
  removed: 'Spot {label} removed.',
  picked: 'Spot {label} selected; arrow keys move it.',
  released: 'Spot {label} released.',
  cellTaken: 'That cell already has a spot.',
  errorsTitle: 'The layout was not saved:',
  errName: 'Layout name: required, up to 100 characters.',
  errSize: 'Rows and columns: whole numbers from 1 to 50.',
  errLabel: 'Spot at row {row}, column {col}: a name of 1 to 10 characters.',
  errOutside: 'Spot {label} is outside the grid.',
  errOverlap: 'Spot {label} shares its cell with another spot.',
  errOther: '{path}: not valid.',
  reuseNote: 'Classes refer to a layout by its id, so a change here applies to all of them.',
} as const;

export type SpotsKey = keyof typeof en;

const es: Record<SpotsKey, string> = {
  title: 'Lugares',
  layouts: 'Distribuciones de lugares',
  noLayouts: 'Aún no hay distribuciones.',
  newLayout: 'Nueva distribución',
  edit: 'Editar',
  editLayout: 'Editar {name}',
  layoutSummary: '{name} · {spots} lugares',
  layoutName: 'Nombre de la distribución',
  rows: 'Filas',
  cols: 'Columnas',
  grid: 'Cuadrícula de lugares de {name}',
  gridHelp:
    'Las flechas mueven entre celdas, o mueven el lugar seleccionado. Enter o Espacio coloca un lugar en una celda vacía o lo selecciona. Suprimir borra el lugar seleccionado. Escape lo suelta.',
  emptyCell: 'Celda vacía, fila {row}, columna {col}',
  spotCell: 'Lugar {label}, fila {row}, columna {col}',
  spotCellDisabled: 'Lugar {label}, fila {row}, columna {col}, deshabilitado',
  selectedSpot: 'Lugar seleccionado',
  spotName: 'Nombre del lugar',
  disabled: 'Deshabilitado (no se puede reservar)',
  deleteSpot: 'Eliminar lugar',
  spotList: 'Lugares en lista',
  listName: 'Nombre del lugar en fila {row}, columna {col}',
  listRow: 'Fila del lugar {label}',
  listCol: 'Columna del lugar {label}',
  listDisabled: 'Lugar {label} deshabilitado',
  listDelete: 'Eliminar lugar {label}',
  addAt: 'Agregar un lugar en fila {row}, columna {col}',
  add: 'Agregar lugar',
  noSpots: 'Aún no hay lugares: coloca uno en la cuadrícula o agrégalo aquí.',
  save: 'Guardar distribución',
  saving: 'Guardando…',
  cancel: 'Cerrar',
  deleteLayout: 'Eliminar distribución',
  saved: 'Distribución guardada.',
  deleted: 'Distribución eliminada.',
  layoutInUse: 'Esta distribución la usan {count} clases próximas; no se puede eliminar.',
  placed: 'Lugar {label} colocado en fila {row}, columna {col}.',
  moved: 'Lugar {label} movido a fila {row}, columna {col}.',
  removed: 'Lugar {label} eliminado.',
  picked: 'Lugar {label} seleccionado; las flechas lo mueven.',
  released: 'Lugar {label} soltado.',
  cellTaken: 'Esa celda ya tiene un lugar.',
  errorsTitle: 'La distribución no se guardó:',
  errName: 'Nombre de la distribución: obligatorio, hasta 100 caracteres.',
  errSize: 'Filas y columnas: números enteros de 1 a 50.',
  errLabel: 'Lugar en fila {row}, columna {col}: un nombre de 1 a 10 caracteres.',
  errOutside: 'El lugar {label} está fuera de la cuadrícula.',
  errOverlap: 'El lugar {label} comparte su celda con otro lugar.',
  errOther: '{path}: no es válido.',
  reuseNote: 'Las clases usan la distribución por su id: un cambio aquí aplica a todas.',
};

const MESSAGES: Readonly<Record<Lang, Record<SpotsKey, string>>> = { en, es };

export function spotsText(key: SpotsKey, lang: Lang, params?: MessageParams): string {
  return MESSAGES[lang][key].replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = params?.[name];
    return value === undefined ? placeholder : String(value);
  });
}

export type SpotsTranslate = (key: SpotsKey, params?: MessageParams) => string;

export function useSpotsT(): SpotsTranslate {
  const lang = useLangStore((state) => state.lang);
  return useCallback((key, params) => spotsText(key, lang, params), [lang]);
}
