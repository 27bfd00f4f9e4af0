import { useId, useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { callableErrorText } from '../../../lib/callable-errors';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { MemberMailApi } from '../api/member-mail-api';
import { mailSettingsMessages } from '../mail-settings-messages';
import { FailureText } from '../../../components/ui/failure-text';

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
 * The profile's "Calendar feed" section: the member's secret feed link with copy,
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
    <section aria-labelledby={titleId} className="card ui-card profile-section calendar-feed">
      <h2 id={titleId} className="profile-section-title">
        {t('feedTitle')}
      </h2>
      <p className="profile-section-intro">{t('feedIntro')}</p>
      {token === undefined && <Skeleton shape="block" width="100%" height="84px" />}
      {token === null && (
        <>
          <p className="profile-section-note">{t('feedNone')}</p>
          <Button disabled={working} onClick={() => rotate(false)}>
            {t('feedCreate')}
          </Button>
        </>
      )}
      {links && (
        <>
          <div className="ui-field">
            <label htmlFor={linkId} className="ui-field-label">
              {t('feedLinkLabel')}
            </label>
            <div className="feed-link-row">
              <input
                id={linkId}
                type="text"
                className="ui-input"
                readOnly
                value={links.url}
                onFocus={(e) => e.target.select()}
              />
              <Button
                variant="secondary"
                onClick={() => {
                  copy(links.url).then(
                    () => setStep('copied'),
                    () => setStep('copy-failed'),
                  );
                }}
              >
                {t('feedCopy')}
              </Button>
            </div>
          </div>
          <p className="feed-actions">
            <a className={buttonClass({ variant: 'secondary', size: 's' })} href={links.webcal}>
              {t('feedSubscribe')}
            </a>
            <a
              className={buttonClass({ variant: 'secondary', size: 's' })}
              href={links.google}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('feedGoogle')}
            </a>
          </p>
          <p className="feed-actions">
            <Button variant="ghost" size="s" disabled={working} onClick={() => rotate(false)}>
              {t('feedRotate')}
            </Button>
            <Button variant="ghost" size="s" disabled={working} onClick={() => rotate(true)}>
              {t('feedRevoke')}
            </Button>
          </p>
        </>
      )}
      {working && <p role="status">{t('feedWorking')}</p>}
      {step === 'copied' && (
        <p role="status" className="form-success">
          {t('feedCopied')}
        </p>
      )}
      {step === 'copy-failed' && (
        <p role="alert" className="form-error">
          {t('feedCopyFailed')}
        </p>
      )}
      <FailureText failure={failure} />
    </section>
  );
}
