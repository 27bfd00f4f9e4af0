import { scheduleMessages } from '../schedule-messages';
import type { SeatLayout, SeatSpot } from '@studio/core';
import { usableSpots } from '@studio/core';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';

export interface SpotMapProps {
  layout: SeatLayout;
  taken: ReadonlySet<string>;
  /** The member's own spot in this class, if booked. */
  mine?: string;
  chosen?: string;
  /** Shown held while its booking is on its way to the server. */
  held?: string;
  /** Absent when nothing can be chosen (booked already, class closed). */
  onChoose?: (spot: string) => void;
}

type SpotState = 'free' | 'taken' | 'mine' | 'held' | 'chosen';

function spotState(spot: SeatSpot, props: SpotMapProps): SpotState {
  if (spot.id === props.mine) return 'mine';
  if (spot.id === props.held) return 'held';
  if (props.taken.has(spot.id)) return 'taken';
  if (spot.id === props.chosen) return 'chosen';
  return 'free';
}

const LABEL_KEYS = {
  free: 'spotFree',
  taken: 'spotTakenLabel',
  mine: 'spotYours',
  held: 'spotHeld',
  chosen: 'spotChosen',
} as const;

/**
 * The room as a grid of spot buttons (market.md: pick-a-spot), with a list alternative for
 * screen readers and small screens. Each button says its spot and whether it is free.
 */
export function SpotMap(props: SpotMapProps) {
  const t = useT(scheduleMessages);
  const [asList, setAsList] = useState(false);
  const spots = usableSpots(props.layout);

  const button = (spot: SeatSpot) => {
    const state = spotState(spot, props);
    const selectable = props.onChoose !== undefined && (state === 'free' || state === 'chosen');
    return (
      <button
        type="button"
        className={`spot spot-${state}`}
        aria-label={t(LABEL_KEYS[state], { spot: spot.label })}
        aria-pressed={state === 'chosen'}
        disabled={!selectable}
        onClick={() => props.onChoose?.(spot.id)}
      >
        {asList ? t(LABEL_KEYS[state], { spot: spot.label }) : spot.label}
      </button>
    );
  };

  return (
    <div className="spot-map">
      <button type="button" className="button-link" onClick={() => setAsList(!asList)}>
        {asList ? t('showAsMap') : t('showAsList')}
      </button>
      {asList ? (
        <ul className="spot-list" aria-label={t('spotList')}>
          {spots.map((spot) => (
            <li key={spot.id}>{button(spot)}</li>
          ))}
        </ul>
      ) : (
        <div
          role="group"
          aria-label={t('spotMap')}
          className="spot-grid"
          style={{ gridTemplateColumns: `repeat(${props.layout.cols}, minmax(2.5rem, 1fr))` }}
        >
          {spots.map((spot) => (
            <div key={spot.id} style={{ gridRow: spot.row + 1, gridColumn: spot.col + 1 }}>
              {button(spot)}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
