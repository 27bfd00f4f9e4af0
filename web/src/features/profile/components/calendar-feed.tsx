import { useId, useState } from 'react';
import { callableErrorText } from '../../../lib/callable-errors';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { MemberMailApi } from '../api/member-mail-api';
import { mailSettingsMessages } from '../mail-settings-messages';

export interface CalendarFeedSectionProps {
  api: Pick<MemberMailApi, 'watchCalendarFeedToken' | 'rotateCalendarFeed'>;
  uid: string;
  /** The app's origin (Hosting serves the feed at `/calendar/{token}.ics`). */
  origin: string;
  /** Puts text on the clipboard (the browser's, in the app). */
  copy: (text: string) => Promise<void>;
}

/** The feed's addresses for a token: https to copy, webcal to subscribe, Google's add page. */
export function feedLinks(origin: string, token: string) {
  const url = `${origin}/calendar/${token}.ics`;
  const webcal = url.replace(/^https?:/, 'webcal:');
  return {
    url,
    webcal,
    google: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
  };
}

type Step = 'idle' | 'working' | 'copied' | 'copy-failed';

/**
 * The profile's "Calendar feed" section (issue 19): the member's secret feed link with copy,
 * subscribe (webcal) and Google Calendar links; a new link replaces the old one; the link can be
 * turned off.
 */
export function CalendarFeedSection({ api, uid, origin, copy }: CalendarFeedSectionProps) {
  const t = useT(mailSettingsMessages);
  const titleId = useId();
  const linkId = useId();
  const token = useLive<string | null | undefined>(
    (onChange) => api.watchCalendarFeedToken(uid, onChange),
    undefined,
    [api, uid],
  );
  const [step, setStep] = useState<Step>('idle');
  const [error, setError] = useState<unknown>(null);

  const rotate = (revoke: boolean) => {
    setStep('working');
    setError(null);
    api.rotateCalendarFeed(revoke).then(
      () => setStep('idle'),
      (failure: unknown) => {
        setError(failure);
        setStep('idle');
      },
    );
  };
  const failure = error === null ? null : callableErrorText(error);
  const links = token ? feedLinks(origin, token) : null;
  const working = step === 'working';

  return (
    <section aria-labelledby={titleId} className="calendar-feed">
      <h2 id={titleId}>{t('feedTitle')}</h2>
      <p>{t('feedIntro')}</p>
      {token === null && (
        <>
          <p>{t('feedNone')}</p>
          <button type="button" disabled={working} onClick={() => rotate(false)}>
            {t('feedCreate')}
          </button>
        </>
      )}
      {links && (
        <>
          <label htmlFor={linkId}>{t('feedLinkLabel')}</label>
          <input
            id={linkId}
            type="text"
            readOnly
            value={links.url}
            onFocus={(e) => e.target.select()}
          />
          <p className="feed-actions">
            <button
              type="button"
              onClick={() => {
                copy(links.url).then(
                  () => setStep('copied'),
                  () => setStep('copy-failed'),
                );
              }}
            >
              {t('feedCopy')}
            </button>{' '}
            <a href={links.webcal}>{t('feedSubscribe')}</a>{' '}
            <a href={links.google} target="_blank" rel="noopener noreferrer">
              {t('feedGoogle')}
            </a>
          </p>
          <p className="feed-actions">
            <button type="button" disabled={working} onClick={() => rotate(false)}>
              {t('feedRotate')}
            </button>{' '}
            <button type="button" disabled={working} onClick={() => rotate(true)}>
              {t('feedRevoke')}
            </button>
          </p>
        </>
      )}
      {working && <p role="status">{t('feedWorking')}</p>}
      {step === 'copied' && <p role="status">{t('feedCopied')}</p>}
      {step === 'copy-failed' && <p role="alert">{t('feedCopyFailed')}</p>}
      {failure && <p role="alert">{t(failure.key, failure.params)}</p>}
    </section>
  );
}
