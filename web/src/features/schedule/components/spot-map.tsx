import { scheduleMessages } from '../schedule-messages';
import type { ScheduleKey } from '../schedule-messages';
import type { RoomFeatureKind, SeatLayout, SeatSpot } from '@studio/core';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';

export interface SpotMapProps {
  layout: SeatLayout;
  taken: ReadonlySet<string>;
  /** The member's own spot in this class, if booked. */
  mine?: string;
  /** Spots the member holds for their guests ("bring a friend"). */
  friends?: ReadonlySet<string>;
  chosen?: string;
  /** Shown held while its booking is on its way to the server. */
  held?: string;
  /** Absent when nothing can be chosen (booked already, class closed). */
  onChoose?: (spot: string) => void;
}

type SpotState = 'free' | 'taken' | 'mine' | 'friend' | 'held' | 'chosen' | 'out';

function spotState(spot: SeatSpot, props: SpotMapProps): SpotState {
  if (spot.disabled === true) return 'out';
  if (spot.id === props.mine) return 'mine';
  if (spot.id === props.held) return 'held';
  if (props.friends?.has(spot.id)) return 'friend';
  if (props.taken.has(spot.id)) return 'taken';
  if (spot.id === props.chosen) return 'chosen';
  return 'free';
}

const LABEL_KEYS: Readonly<Record<SpotState, ScheduleKey>> = {
  free: 'spotFree',
  taken: 'spotTakenLabel',
  mine: 'spotYours',
  friend: 'spotFriend',
  held: 'spotHeld',
  chosen: 'spotChosen',
  out: 'spotOutOfService',
};

const LEGEND_KEYS = {
  free: 'legendFree',
  taken: 'legendTaken',
  chosen: 'legendChosen',
  mine: 'legendYours',
  friend: 'legendFriend',
  out: 'legendOut',
} as const satisfies Partial<Record<SpotState, ScheduleKey>>;

const FEATURE_KEYS = {
  podium: 'roomPodium',
  mirror: 'roomMirror',
  screen: 'roomScreen',
  door: 'roomDoor',
} as const satisfies Record<RoomFeatureKind, ScheduleKey>;

/** Every spot, out-of-service ones included, in reading order. */
function spotsInOrder(layout: SeatLayout): SeatSpot[] {
  return Object.values(layout.spots).sort(
    (a, b) => a.row - b.row || a.col - b.col || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/**
 * The room as members find it: the front (the coach's podium, the mirror or screen) and the
 * doors where the studio placed them, every spot in its place, out-of-service ones drawn as such
 * rather than left as holes, and a legend of what each look means. The member's own spot stands
 * out. A list alternative says the same for screen readers and small screens.
 */
export function SpotMap(props: SpotMapProps) {
  const t = useT(scheduleMessages);
  const [asList, setAsList] = useState(false);
  const spots = spotsInOrder(props.layout);
  const features = Object.entries(props.layout.features ?? {});
  const states = new Set(spots.map((spot) => spotState(spot, props)));
  const legend = (Object.keys(LEGEND_KEYS) as (keyof typeof LEGEND_KEYS)[]).filter(
    (state) => state === 'free' || state === 'taken' || states.has(state),
  );

  const button = (spot: SeatSpot) => {
    const state = spotState(spot, props);
    const selectable = props.onChoose !== undefined && (state === 'free' || state === 'chosen');
    const kind = spot.kind ? ` spot-kind-${spot.kind}` : '';
    return (
      <button
        type="button"
        className={`spot spot-${state}${kind}`}
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
          {features.map(([id, feature]) => (
            <div
              key={`feature-${id}`}
              role="img"
              aria-label={t(FEATURE_KEYS[feature.kind])}
              className={`room-feature room-feature-${feature.kind}`}
              style={{
                gridRow: `${feature.row + 1} / span ${feature.height}`,
                gridColumn: `${feature.col + 1} / span ${feature.width}`,
              }}
            >
              <span aria-hidden="true">{t(FEATURE_KEYS[feature.kind])}</span>
            </div>
          ))}
          {spots.map((spot) => (
            <div key={spot.id} style={{ gridRow: spot.row + 1, gridColumn: spot.col + 1 }}>
              {button(spot)}
            </div>
          ))}
        </div>
      )}
      <ul className="spot-legend" aria-label={t('legend')}>
        {legend.map((state) => (
          <li key={state}>
            <span className={`spot-swatch spot-${state}`} aria-hidden="true" />
            {t(LEGEND_KEYS[state])}
          </li>
        ))}
      </ul>
    </div>
  );
}
