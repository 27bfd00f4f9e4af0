import { purchasesMessages } from '../purchases-messages';
import '../purchases.css';
import type { StudioEvent } from '@studio/core';
import { Link } from 'wouter';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFormat } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { PurchasesApi } from '../api/purchases-api';

export interface EventListProps {
  api: PurchasesApi;
  now: () => number;
  /** Special-event packs (paquetes/1). */
  packagesHref: string;
}

/** Placeholder rows while the events load. */
const SKELETON_ROWS = 2;

/** Spec `events`: upcoming special events, booked with special-event credits. */
export function EventList({ api, now, packagesHref }: EventListProps) {
  const t = useT(purchasesMessages);
  const format = useFormat(now);
  const events = useLive<Record<string, StudioEvent> | null>(
    (onChange) => api.watchEvents(onChange),
    null,
    [api],
  );
  const at = now();
  const upcoming = Object.entries(events ?? {})
    .filter(([, event]) => event.active && event.startsAt >= at)
    .sort((a, b) => a[1].startsAt - b[1].startsAt);
  const buyLink = (
    <Link href={packagesHref} className={buttonClass()}>
      {t('menuBuyCredits')}
    </Link>
  );
  return (
    <section className="page" aria-labelledby="page-title" aria-busy={events === null}>
      <h1 id="page-title">{t('eventsTitle')}</h1>
      {/* The same line index.html paints under the heading before the scripts run. */}
      <p>{t('eventsLead')}</p>
      {events === null ? (
        <>
          <p role="status" className="visually-hidden">
            {t('loading')}
          </p>
          <ul className="plain-list" aria-hidden="true">
            {Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <Card as="li" compact key={index} className="event-row">
                <span className="event-what">
                  <Skeleton width="12em" height="1.5em" />
                  <Skeleton width="9em" height="1.3em" />
                </span>
              </Card>
            ))}
          </ul>
        </>
      ) : upcoming.length === 0 ? (
        <EmptyState title={t('noEvents')} description={t('noEventsHint')} action={buyLink} />
      ) : (
        <>
          <ul className="plain-list">
            {upcoming.map(([id, event]) => (
              <Card as="li" compact key={id} className="event-row">
                <span className="event-what">
                  <h2 className="event-name">{event.name}</h2>
                  <span className="event-when">
                    {format.day(event.date)} · {event.hour}
                  </span>
                  {event.description && (
                    <span className="pack-description">{event.description}</span>
                  )}
                </span>
              </Card>
            ))}
          </ul>
          <div className="purchase-footer">{buyLink}</div>
        </>
      )}
    </section>
  );
}
