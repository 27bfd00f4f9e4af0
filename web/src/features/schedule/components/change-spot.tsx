import type { SeatLayout } from '@studio/core';
import { usableSpots } from '@studio/core';
import { useId, useState } from 'react';
import { callableErrorText } from '../../../lib/callable-errors';
import { useT } from '../../../lib/i18n';
import type { ScheduleApi } from '../api/schedule-api';
import type { ChangeSpotKey } from '../change-spot-messages';
import { changeSpotMessages } from '../change-spot-messages';
import { OutcomeLine } from './outcome-line';
import type { Outcome as BaseOutcome } from './outcome-line';
import { SpotMap } from './spot-map';

export interface ChangeSpotProps {
  api: Pick<ScheduleApi, 'changeSpot'>;
  classId: string;
  /** The class's room (`layoutForClass`). */
  room: SeatLayout;
  /** The spots taken right now, live: a spot someone takes meanwhile stops being a choice. */
  taken: ReadonlySet<string>;
  /** The member's current spot. */
  mine: string;
}

type Outcome = BaseOutcome<ChangeSpotKey> & { tone: 'ok' | 'error' };

/**
 * "Change spot" on a booked class: the member picks a free spot on the live map and
 * confirms; one call (`changeSpot`) moves the booking, no credit moves. Offered only while some
 * other spot is free.
 */
export function ChangeSpot({ api, classId, room, taken, mine }: ChangeSpotProps) {
  const t = useT(changeSpotMessages);
  const titleId = useId();
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const label = (spot: string) => room.spots[spot]?.label ?? spot;
  const anyFree = usableSpots(room).some((spot) => !taken.has(spot.id) && spot.id !== mine);
  // A spot someone else just took is no longer a choice.
  const chosen = picked !== undefined && !taken.has(picked) ? picked : undefined;

  const confirm = (spot: string) => {
    setBusy(true);
    setOutcome(null);
    api.changeSpot(classId, spot).then(
      (result) => {
        setBusy(false);
        setPicking(false);
        setPicked(undefined);
        setOutcome({ tone: 'ok', key: 'spotChanged', params: { spot: label(result.spot) } });
      },
      (error: unknown) => {
        setBusy(false);
        setPicked(undefined);
        const text = callableErrorText(error);
        setOutcome({ tone: 'error', ...text });
      },
    );
  };

  const shown = <OutcomeLine outcome={outcome} messages={changeSpotMessages} />;

  if (!picking) {
    return (
      <div className="change-spot">
        {anyFree && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setOutcome(null);
              setPicking(true);
            }}
          >
            {t('changeSpot')}
          </button>
        )}
        {shown}
      </div>
    );
  }

  return (
    <section className="change-spot" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('changeSpotTitle')}</h3>
      <p>{t('changeSpotHint')}</p>
      <SpotMap
        layout={room}
        taken={taken}
        mine={mine}
        chosen={chosen}
        onChoose={busy ? undefined : setPicked}
      />
      <div className="class-actions">
        {chosen !== undefined && (
          <button type="button" className="button" disabled={busy} onClick={() => confirm(chosen)}>
            {t('moveToSpot', { spot: label(chosen) })}
          </button>
        )}
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() => {
            setPicking(false);
            setPicked(undefined);
          }}
        >
          {t('keepSpot')}
        </button>
      </div>
      {shown}
    </section>
  );
}
