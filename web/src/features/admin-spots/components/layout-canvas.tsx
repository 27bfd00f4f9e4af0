import type { RoomFeatureKind, SeatLayout, SeatSpot, SpotKind } from '@studio/core';
import { ROOM_FEATURE_KINDS, SPOT_KINDS } from '@studio/core';
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import {
  addFeature,
  addSpot,
  cellTaken,
  deleteFeature,
  deleteSpot,
  featureAt,
  insideGrid,
  moveSpot,
  renameSpot,
  setSpotDisabled,
  setSpotKind,
  spotAt,
  spotsInOrder,
  step,
  updateFeature,
} from '../layout-edits';
import type { Cell, Direction } from '../layout-edits';
import { FEATURE_LABELS, SPOT_KIND_LABELS, spotsMessages } from '../spots-messages';
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
      if (!cellTaken(layout, { row, col })) return { row, col };
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
  const [tool, setTool] = useState<'spot' | RoomFeatureKind>('spot');
  const [selectedFeature, setSelectedFeature] = useState<string | null>(null);
  const features = layout.features ?? {};
  const feature =
    selectedFeature !== null && Object.hasOwn(features, selectedFeature)
      ? features[selectedFeature]
      : undefined;
  const featureName = (kind: RoomFeatureKind) => st(FEATURE_LABELS[kind]);
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
    if (tool !== 'spot') {
      const placed = addFeature(layout, tool, cell);
      if (!placed) {
        setAnnouncement(st('cellTaken'));
        return;
      }
      onChange(placed.layout);
      setSelected(null);
      setSelectedFeature(placed.id);
      setCursor(cell);
      setAnnouncement(
        st('featurePlaced', { kind: featureName(tool), row: cell.row + 1, col: cell.col + 1 }),
      );
      return;
    }
    const added = addSpot(layout, cell);
    if (!added) {
      setAnnouncement(st('cellTaken'));
      return;
    }
    onChange(added.layout);
    setSelected(added.id);
    setSelectedFeature(null);
    setCursor(cell);
    const spot = added.layout.spots[added.id];
    if (spot) setAnnouncement(st('placed', where(spot)));
  };

  const activate = (cell: Cell) => {
    setCursor(cell);
    const spot = spotAt(layout, cell);
    const there = featureAt(layout, cell);
    if (there) {
      setSelected(null);
      setSelectedFeature(there.id);
      setAnnouncement(st('featurePicked', { kind: featureName(there.feature.kind) }));
      return;
    }
    if (!spot) {
      place(cell);
      return;
    }
    setSelectedFeature(null);
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
    if ((event.key === 'Delete' || event.key === 'Backspace') && feature && selectedFeature) {
      event.preventDefault();
      onChange(deleteFeature(layout, selectedFeature));
      setSelectedFeature(null);
      setAnnouncement(st('featureRemoved', { kind: featureName(feature.kind) }));
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
    const there = featureAt(layout, cell);
    if (there) return st('featureCell', { ...position, kind: featureName(there.feature.kind) });
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
      <div className="layout-room">
        <fieldset className="layout-tools">
          <legend>{st('place')}</legend>
          {(['spot', ...ROOM_FEATURE_KINDS] as const).map((kind) => (
            <label key={kind} className={tool === kind ? 'layout-tool is-current' : 'layout-tool'}>
              <input
                type="radio"
                name="layout-tool"
                value={kind}
                checked={tool === kind}
                onChange={() => setTool(kind)}
              />
              {kind === 'spot' ? st('toolSpot') : featureName(kind)}
            </label>
          ))}
        </fieldset>
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
                const there = featureAt(layout, cell);
                const current = focusCell.row === row && focusCell.col === col;
                return (
                  <div
                    key={col}
                    role="gridcell"
                    data-cell={`${row}:${col}`}
                    tabIndex={current ? 0 : -1}
                    aria-label={cellLabel(cell, spot)}
                    aria-selected={
                      (spot !== undefined && spot.id === selected) ||
                      (there !== undefined && there.id === selectedFeature)
                    }
                    className={[
                      'layout-cell',
                      there
                        ? `layout-cell-feature layout-feature-${there.feature.kind}`
                        : spot
                          ? 'layout-cell-spot'
                          : 'layout-cell-empty',
                      there !== undefined && there.id === selectedFeature
                        ? 'layout-cell-selected'
                        : '',
                      spot?.disabled ? 'layout-cell-disabled' : '',
                      spot !== undefined && spot.id === selected ? 'layout-cell-selected' : '',
                    ].join(' ')}
                    onClick={() => activate(cell)}
                  >
                    {there
                      ? there.feature.row === row && there.feature.col === col
                        ? featureName(there.feature.kind)
                        : ''
                      : (spot?.label ?? '')}
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
              {st('spotKind')}
              <select
                value={selectedSpot.kind ?? ''}
                onChange={(event) =>
                  onChange(
                    setSpotKind(
                      layout,
                      selectedSpot.id,
                      SPOT_KINDS.find((kind) => kind === event.target.value),
                    ),
                  )
                }
              >
                <option value="">{st('kindPlain')}</option>
                {SPOT_KINDS.map((kind: SpotKind) => (
                  <option key={kind} value={kind}>
                    {st(SPOT_KIND_LABELS[kind])}
                  </option>
                ))}
              </select>
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

        {feature && selectedFeature !== null && (
          <fieldset className="selected-spot">
            <legend>{st('selectedFeature', { kind: featureName(feature.kind) })}</legend>
            <label>
              {st('featureWidth')}
              <input
                type="number"
                min={1}
                max={cols}
                value={feature.width}
                onChange={(event) =>
                  onChange(
                    updateFeature(layout, selectedFeature, { width: Number(event.target.value) }),
                  )
                }
              />
            </label>
            <label>
              {st('featureHeight')}
              <input
                type="number"
                min={1}
                max={rows}
                value={feature.height}
                onChange={(event) =>
                  onChange(
                    updateFeature(layout, selectedFeature, { height: Number(event.target.value) }),
                  )
                }
              />
            </label>
            <button
              type="button"
              className="button button-secondary button-s"
              onClick={() => {
                onChange(deleteFeature(layout, selectedFeature));
                setSelectedFeature(null);
                setAnnouncement(st('featureRemoved', { kind: featureName(feature.kind) }));
              }}
            >
              {st('deleteFeature')}
            </button>
          </fieldset>
        )}
      </div>
      <div className="layout-spots">
        <h3 id="layout-spot-list-title">{st('spotList')}</h3>
        {spots.length === 0 ? (
          <p>{st('noSpots')}</p>
        ) : (
          <ul aria-label={st('spotList')} className="layout-spot-list">
            {/* The columns' names, seen; each field is named in full for a screen reader. */}
            <li className="layout-spot-head" aria-hidden="true">
              <span>{st('colSpot')}</span>
              <span>{st('colRow')}</span>
              <span>{st('colCol')}</span>
              <span>{st('outOfService')}</span>
            </li>
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
                <label className="layout-spot-out">
                  <input
                    type="checkbox"
                    aria-label={st('listDisabled', { label: spot.label })}
                    checked={spot.disabled === true}
                    onChange={(event) =>
                      onChange(setSpotDisabled(layout, spot.id, event.target.checked))
                    }
                  />
                </label>
                <button
                  type="button"
                  className="button button-quiet-danger button-s"
                  aria-label={st('listDelete', { label: spot.label })}
                  onClick={() => remove(spot)}
                >
                  {st('deleteFeature')}
                </button>
              </li>
            ))}
          </ul>
        )}
        <button type="button" className="button button-secondary button-s" onClick={addFromList}>
          {st('add')}
        </button>
      </div>
    </div>
  );
}
