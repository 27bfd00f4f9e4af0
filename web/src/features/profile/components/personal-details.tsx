import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import type { ErrorText } from '../../../lib/callable-errors';
import { callableErrorText } from '../../../lib/callable-errors';
import { useT } from '../../../lib/i18n';
import type { ProfileApi } from '../api/profile-api';
import type { ProfileKey } from '../profile-messages';
import { profileMessages } from '../profile-messages';
import { FailureText } from '../../../components/ui/failure-text';

/** The database rules' bounds on what a member writes (database.rules.json, `Users/$uid`). */
export const NAME_MAX = 100;
export const PHONE_MAX = 40;
const PHONE_PATTERN = /^\+?[\d\s()-]+$/;

export interface DetailsErrors {
  Name?: { key: ProfileKey; params?: Record<string, number> };
  Phone?: { key: ProfileKey; params?: Record<string, number> };
}

/** What is wrong with the form, field by field; empty when it may be saved. */
export function detailsErrors(name: string, phone: string): DetailsErrors {
  const errors: DetailsErrors = {};
  if (name.trim() === '') errors.Name = { key: 'nameRequired' };
  else if (name.trim().length > NAME_MAX)
    errors.Name = { key: 'nameTooLong', params: { max: NAME_MAX } };
  const digits = phone.trim();
  if (digits !== '' && (digits.length > PHONE_MAX || !PHONE_PATTERN.test(digits)))
    errors.Phone = { key: 'phoneInvalid', params: { max: PHONE_MAX } };
  return errors;
}

export interface PersonalDetailsProps {
  api: Pick<ProfileApi, 'saveDetails'>;
  uid: string;
  name: string;
  email: string;
  phone: string;
}

/**
 * The member's name and phone, edited on their own profile (the rules let them write both); the
 * e-mail is the sign-in address, shown only. Errors show under their field when saving.
 */
export function PersonalDetails({ api, uid, name, email, phone }: PersonalDetailsProps) {
  const t = useT(profileMessages);
  const titleId = useId();
  const [draft, setDraft] = useState({ name, phone });
  const [errors, setErrors] = useState<DetailsErrors>({});
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [failure, setFailure] = useState<ErrorText | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = detailsErrors(draft.name, draft.phone);
    setErrors(found);
    setFailure(null);
    if (found.Name || found.Phone) {
      setState('idle');
      return;
    }
    setState('saving');
    const trimmedPhone = draft.phone.trim();
    api.saveDetails(uid, { Name: draft.name.trim(), Phone: trimmedPhone || null }).then(
      () => setState('saved'),
      (error: unknown) => {
        setFailure(callableErrorText(error));
        setState('idle');
      },
    );
  };
  const edit = (field: 'name' | 'phone', value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (state === 'saved') setState('idle');
  };
  const message = (error: DetailsErrors['Name']) => error && t(error.key, error.params);

  return (
    <section aria-labelledby={titleId} className="card ui-card profile-section">
      <h2 id={titleId} className="profile-section-title">
        {t('detailsTitle')}
      </h2>
      <form className="ui-form profile-details" noValidate onSubmit={submit}>
        <Field label={t('nameLabel')} required error={message(errors.Name)}>
          <input
            type="text"
            name="Name"
            autoComplete="name"
            value={draft.name}
            onChange={(event) => edit('name', event.target.value)}
          />
        </Field>
        <Field label={t('phoneLabel')} hint={t('phoneHint')} error={message(errors.Phone)}>
          <input
            type="tel"
            name="Phone"
            autoComplete="tel"
            inputMode="tel"
            value={draft.phone}
            onChange={(event) => edit('phone', event.target.value)}
          />
        </Field>
        <Field label={t('emailLabel')} hint={t('emailHint')}>
          <input type="email" name="Email" value={email} readOnly />
        </Field>
        <div className="ui-actions">
          <Button type="submit" busy={state === 'saving'}>
            {t('saveDetails')}
          </Button>
          {state === 'saved' && (
            <span role="status" className="profile-saved">
              {t('detailsSaved')}
            </span>
          )}
        </div>
        <FailureText failure={failure} />
      </form>
    </section>
  );
}
