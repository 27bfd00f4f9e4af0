import type { SeatLayout, SeatSpot } from '@studio/core';
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import {
  addSpot,
  deleteSpot,
  insideGrid,
  moveSpot,
  renameSpot,
  setSpotDisabled,
  spotAt,
  spotsInOrder,
  step,
} from '../layout-edits';
import type { Cell, Direction } from '../layout-edits';
import { spotsMessages } from '../spots-messages';
import { useT } from '../../../lib/i18n';

export interface LayoutCanvasProps {
  layout: SeatLayout;
  onChange: (layout: SeatLayout) => void;
}

const ARROWS: Readonly<Record<string, Direction>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};

/** The grid is drawn only for a size the schema accepts; anything else is reported on save. */
function drawable(size: number): number {
  return Number.isInteger(size) ? Math.min(Math.max(size, 0), 50) : 0;
}

function firstFreeCell(layout: SeatLayout): Cell | null {
  for (let row = 0; row < drawable(layout.rows); row += 1)
    for (let col = 0; col < drawable(layout.cols); col += 1)
      if (!spotAt(layout, { row, col })) return { row, col };
  return null;
}

/**
 * The layout's grid (one focusable cell per position, roving tab stop) with the keyboard
 * actions, a panel for the selected spot, and the same edits as a plain list.
 */
export function LayoutCanvas({ layout, onChange }: LayoutCanvasProps) {
  const st = useT(spotsMessages);
  const [cursor, setCursor] = useState<Cell>({ row: 0, col: 0 });
  const [selected, setSelected] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const gridRef = useRef<HTMLDivElement>(null);
  const rows = drawable(layout.rows);
  const cols = drawable(layout.cols);
  const selectedSpot = selected === null ? undefined : layout.spots[selected];
  const focusCell = insideGrid(layout, cursor) ? cursor : { row: 0, col: 0 };

  // Keyboard moves change the cursor; the focus follows it while it is inside the grid.
  useEffect(() => {
    const grid = gridRef.current;
    if (!grid || !grid.contains(document.activeElement)) return;
    grid.querySelector<HTMLElement>(`[data-cell="${focusCell.row}:${focusCell.col}"]`)?.focus();
  }, [focusCell.row, focusCell.col]);

  const where = (spot: SeatSpot) => ({ label: spot.label, row: spot.row + 1, col: spot.col + 1 });

  const place = (cell: Cell) => {
    const added = addSpot(layout, cell);
    if (!added) {
      setAnnouncement(st('cellTaken'));
      return;
    }
    onChange(added.layout);
    setSelected(added.id);
    setCursor(cell);
    const spot = added.layout.spots[added.id];
    if (spot) setAnnouncement(st('placed', where(spot)));
  };

  const activate = (cell: Cell) => {
    setCursor(cell);
    const spot = spotAt(layout, cell);
    if (!spot) {
      place(cell);
      return;
    }
    if (selected === spot.id) {
      setSelected(null);
      setAnnouncement(st('released', where(spot)));
    } else {
      setSelected(spot.id);
      setAnnouncement(st('picked', where(spot)));
    }
  };

  const move = (spot: SeatSpot, to: Cell) => {
    const next = moveSpot(layout, spot.id, to);
    if (next === layout) {
      if (to.row !== spot.row || to.col !== spot.col) setAnnouncement(st('cellTaken'));
      return;
    }
    onChange(next);
    setCursor(to);
    setAnnouncement(st('moved', { label: spot.label, row: to.row + 1, col: to.col + 1 }));
  };

  const remove = (spot: SeatSpot) => {
    onChange(deleteSpot(layout, spot.id));
    if (selected === spot.id) setSelected(null);
    setAnnouncement(st('removed', { label: spot.label }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const direction = ARROWS[event.key];
    if (direction) {
      event.preventDefault();
      if (selectedSpot) move(selectedSpot, step(layout, selectedSpot, direction));
      else setCursor(step(layout, focusCell, direction));
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      activate(focusCell);
      return;
    }
    if (event.key === 'Delete' || event.key === 'Backspace') {
      const target = selectedSpot ?? spotAt(layout, focusCell);
      if (target) {
        event.preventDefault();
        remove(target);
      }
      return;
    }
    if (event.key === 'Escape' && selectedSpot) {
      event.preventDefault();
      setSelected(null);
      setAnnouncement(st('released', where(selectedSpot)));
    }
  };

  const cellLabel = (cell: Cell, spot: SeatSpot | undefined) => {
    const position = { row: cell.row + 1, col: cell.col + 1 };
    if (!spot) return st('emptyCell', position);
    return st(spot.disabled ? 'spotCellDisabled' : 'spotCell', { ...position, label: spot.label });
  };

  const addFromList = () => {
    const free = firstFreeCell(layout);
    if (free) place(free);
    else setAnnouncement(st('cellTaken'));
  };

  const spots = spotsInOrder(layout);
  const name = layout.name || st('newLayout');

  return (
    <div className="layout-canvas">
      <p id="layout-grid-help" className="layout-help">
        {st('gridHelp')}
      </p>
      <div
        ref={gridRef}
        role="grid"
        aria-label={st('grid', { name })}
        aria-describedby="layout-grid-help"
        className="layout-grid"
        style={{ gridTemplateColumns: `repeat(${cols}, minmax(2.75rem, 1fr))` }}
        onKeyDown={onKeyDown}
      >
        {Array.from({ length: rows }, (_, row) => (
          <div role="row" key={row} className="layout-row">
            {Array.from({ length: cols }, (_, col) => {
              const cell = { row, col };
              const spot = spotAt(layout, cell);
              const current = focusCell.row === row && focusCell.col === col;
              return (
                <div
                  key={col}
                  role="gridcell"
                  data-cell={`${row}:${col}`}
                  tabIndex={current ? 0 : -1}
                  aria-label={cellLabel(cell, spot)}
                  aria-selected={spot !== undefined && spot.id === selected}
                  className={[
                    'layout-cell',
                    spot ? 'layout-cell-spot' : 'layout-cell-empty',
                    spot?.disabled ? 'layout-cell-disabled' : '',
                    spot !== undefined && spot.id === selected ? 'layout-cell-selected' : '',
                  ].join(' ')}
                  onClick={() => activate(cell)}
                >
                  {spot?.label ?? ''}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <p aria-live="polite" className="layout-announcement">
        {announcement}
      </p>

      {selectedSpot && (
        <fieldset className="selected-spot">
          <legend>{st('selectedSpot')}</legend>
          <label>
            {st('spotName')}
            <input
              value={selectedSpot.label}
              maxLength={10}
              onChange={(event) =>
                onChange(renameSpot(layout, selectedSpot.id, event.target.value))
              }
            />
          </label>
          <label>
            <input
              type="checkbox"
              checked={selectedSpot.disabled === true}
              onChange={(event) =>
                onChange(setSpotDisabled(layout, selectedSpot.id, event.target.checked))
              }
            />
            {st('disabled')}
          </label>
          <button
            type="button"
            className="button button-danger button-s"
            onClick={() => remove(selectedSpot)}
          >
            {st('deleteSpot')}
          </button>
        </fieldset>
      )}

      <h3>{st('spotList')}</h3>
      {spots.length === 0 ? (
        <p>{st('noSpots')}</p>
      ) : (
        <ul aria-label={st('spotList')} className="layout-spot-list">
          {spots.map((spot) => (
            <li key={spot.id}>
              <input
                aria-label={st('listName', { row: spot.row + 1, col: spot.col + 1 })}
                value={spot.label}
                maxLength={10}
                onChange={(event) => onChange(renameSpot(layout, spot.id, event.target.value))}
              />
              <input
                type="number"
                min={1}
                max={rows}
                aria-label={st('listRow', { label: spot.label })}
                value={spot.row + 1}
                onChange={(event) =>
                  move(spot, { row: Number(event.target.value) - 1, col: spot.col })
                }
              />
              <input
                type="number"
                min={1}
                max={cols}
                aria-label={st('listCol', { label: spot.label })}
                value={spot.col + 1}
                onChange={(event) =>
                  move(spot, { row: spot.row, col: Number(event.target.value) - 1 })
                }
              />
              <label>
                <input
                  type="checkbox"
                  checked={spot.disabled === true}
                  onChange={(event) =>
                    onChange(setSpotDisabled(layout, spot.id, event.target.checked))
                  }
                />
                {st('listDisabled', { label: spot.label })}
              </label>
              <button
                type="button"
                className="button button-ghost button-s"
                onClick={() => remove(spot)}
              >
                {st('listDelete', { label: spot.label })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button button-secondary button-s" onClick={addFromList}>
        {st('add')}
      </button>
    </div>
  );
}
