import { MEMBER_CUTOFF_HOURS } from '@studio/core';
import { useEffect, useId, useState } from 'react';
import { callableErrorText } from '../../../lib/callable-errors';
import { useT } from '../../../lib/i18n';
import type { ProfileApi } from '../api/profile-api';
import { selfServiceMessages } from '../self-service-messages';
import { FailureText } from '../../../components/ui/failure-text';

export interface PromotionCutoffProps {
  api: Pick<ProfileApi, 'savePromotionCutoff' | 'loadStudioCutoffMinutes'>;
  uid: string;
  /** `Users/{uid}/PromotionCutoffHours`; undefined = the studio's cut-off. */
  hours: number | undefined;
}

/** The choices offered, within MEMBER_CUTOFF_HOURS. */
const CHOICES = [1, 2, 3, 4, 6, 8, 12, 24, 48].filter(
  (hours) => hours >= MEMBER_CUTOFF_HOURS.min && hours <= MEMBER_CUTOFF_HOURS.max,
);

/**
 * "My cut-off": do not promote me from a waiting list later than N hours before the
 * class. Empty means the studio's cut-off. Saved on the member's own profile, which the rules
 * let them write (a whole number of hours in range).
 */
export function PromotionCutoff({ api, uid, hours }: PromotionCutoffProps) {
  const t = useT(selfServiceMessages);
  const selectId = useId();
  const helpId = useId();
  const [studioMinutes, setStudioMinutes] = useState<number | null>(null);
  const [saved, setSaved] = useState<'idle' | 'saved' | 'error'>('idle');
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    let current = true;
    api.loadStudioCutoffMinutes().then(
      (minutes) => {
        if (current) setStudioMinutes(minutes);
      },
      (failure: unknown) => console.error('studio cut-off not loaded', failure),
    );
    return () => {
      current = false;
    };
  }, [api]);

  const choices = hours !== undefined && !CHOICES.includes(hours) ? [...CHOICES, hours] : CHOICES;
  const save = (value: string) => {
    setSaved('idle');
    api.savePromotionCutoff(uid, value === '' ? null : Number(value)).then(
      () => setSaved('saved'),
      (failure: unknown) => {
        setError(failure);
        setSaved('error');
      },
    );
  };
  const failure = saved === 'error' ? callableErrorText(error) : null;

  return (
    <section
      aria-labelledby={`${selectId}-title`}
      className="card ui-card profile-section promotion-cutoff"
    >
      <h2 id={`${selectId}-title`} className="profile-section-title">
        {t('cutoffTitle')}
      </h2>
      <p className="profile-section-intro">{t('cutoffIntro')}</p>
      <div className="ui-field">
        <label htmlFor={selectId} className="ui-field-label">
          {t('cutoffLabel')}
        </label>
        <select
          id={selectId}
          className="ui-input"
          aria-describedby={helpId}
          value={hours === undefined ? '' : String(hours)}
          onChange={(event) => save(event.target.value)}
        >
          <option value="">{t('cutoffStudio', { minutes: studioMinutes ?? '…' })}</option>
          {choices.map((choice) => (
            <option key={choice} value={String(choice)}>
              {t('cutoffHours', { hours: choice })}
            </option>
          ))}
        </select>
        <p id={helpId} className="ui-field-hint">
          {t('cutoffHelp')}
        </p>
      </div>
      {saved === 'saved' && (
        <p role="status" className="form-success">
          {t('cutoffSaved')}
        </p>
      )}
      <FailureText failure={failure} />
    </section>
  );
}
