import { purchasesMessages } from '../purchases-messages';
import type { StudioEvent } from '@studio/core';
import { Link } from 'wouter';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { PurchasesApi } from '../api/purchases-api';

export interface EventListProps {
  api: PurchasesApi;
  now: () => number;
  /** Special-event packs (paquetes/1). */
  packagesHref: string;
}

const NONE: Record<string, StudioEvent> = {};

/** Spec `events`: upcoming special events, booked with special-event credits. */
export function EventList({ api, now, packagesHref }: EventListProps) {
  const t = useT(purchasesMessages);
  const events = useLive((onChange) => api.watchEvents(onChange), NONE, [api]);
  const at = now();
  const upcoming = Object.entries(events)
    .filter(([, event]) => event.active && event.startsAt >= at)
    .sort((a, b) => a[1].startsAt - b[1].startsAt);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t('eventsTitle')}</h1>
      {upcoming.length === 0 ? (
        <p>{t('noEvents')}</p>
      ) : (
        <ul className="plain-list">
          {upcoming.map(([id, event]) => (
            <li key={id} className="card">
              <h2>{event.name}</h2>
              <p>
                {event.date} {event.hour}
              </p>
              {event.description && <p>{event.description}</p>}
            </li>
          ))}
        </ul>
      )}
      <Link href={packagesHref} className="button">
        {t('menuBuyCredits')}
      </Link>
    </section>
  );
}
