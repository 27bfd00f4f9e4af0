import type { Lang, SignWaiverInput, WaiverVersion } from '@studio/core';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { callableErrorText } from '../../../lib/callable-errors';
import type { ErrorText } from '../../../lib/callable-errors';
import { useFormat } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { waiverMessages } from '../waiver-messages';
import { SignatureField } from './signature-field';
import './waiver.css';

/** What a signature hands to `signWaiver` (the kiosk adds the member's `uid`). */
export type SignedWaiver = Omit<SignWaiverInput, 'uid'>;

export interface SignatureFormProps {
  waiver: WaiverVersion;
  /** The name on the account, offered as the typed full name. */
  defaultName?: string;
  /** Calls `signWaiver`; a rejection is shown as the function's refusal. */
  onSign: (signed: SignedWaiver) => Promise<void>;
  /** A way out without signing (the kiosk's "Back"); the member's alert has none. */
  onCancel?: () => void;
  /** An id for the heading, so a dialog can be named by it. */
  titleId?: string;
}

const LANG_LABELS: Record<Lang, string> = { en: 'English', es: 'Español' };

/**
 * The studio's written waiver, signed: the current version's text in English or Spanish (the
 * language read is what is recorded), the signature drawn with a finger or the mouse, the full
 * name typed, and today's date. Sign stays available; what is missing is said when pressed.
 */
export function SignatureForm({
  waiver,
  defaultName = '',
  onSign,
  onCancel,
  titleId,
}: SignatureFormProps) {
  const t = useT(waiverMessages);
  const format = useFormat();
  const generated = useId();
  const headingId = titleId ?? generated;
  const [lang, setLang] = useState<Lang>(format.lang);
  const [fullName, setFullName] = useState(defaultName);
  const [signature, setSignature] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<ErrorText | null>(null);

  const nameMissing = fullName.trim().length < 2;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (nameMissing || signature === null) return;
    setSaving(true);
    setRefusal(null);
    onSign({ version: waiver.version, fullName: fullName.trim(), lang, signature }).then(
      () => setSaving(false),
      (error: unknown) => {
        setSaving(false);
        setRefusal(callableErrorText(error));
      },
    );
  };

  return (
    <form className="signature-form" onSubmit={submit} noValidate>
      <h2 id={headingId}>{t('waiverTitle')}</h2>
      <SegmentedControl
        label={t('waiverLanguage')}
        options={(['en', 'es'] as const).map((value) => ({ value, label: LANG_LABELS[value] }))}
        value={lang}
        onChange={setLang}
      />
      <div className="waiver-text" lang={lang} tabIndex={0} aria-label={t('waiverTextLabel')}>
        {waiver.text[lang]}
      </div>
      <p className="waiver-version">{t('waiverVersion', { version: waiver.version })}</p>
      <fieldset className="signature-fieldset">
        <legend>{t('signatureLegend')}</legend>
        <SignatureField onChange={setSignature} disabled={saving} />
        {tried && signature === null && (
          <p className="ui-field-error" role="alert">
            {t('signatureMissing')}
          </p>
        )}
      </fieldset>
      <div className="signature-name-row">
        <Field
          label={t('signatureName')}
          required
          error={tried && nameMissing ? t('signatureNameMissing') : undefined}
        >
          <input
            className="ui-input"
            value={fullName}
            autoComplete="name"
            maxLength={120}
            onChange={(event) => setFullName(event.target.value)}
          />
        </Field>
        <p className="signature-date">
          <span>{t('signatureDate')}</span>
          <strong>{format.longDate(format.today)}</strong>
        </p>
      </div>
      {refusal && (
        <p className="ui-field-error" role="alert">
          {t(refusal.key, refusal.params)}
        </p>
      )}
      <div className="dialog-actions">
        {onCancel && (
          <Button variant="secondary" size="l" onClick={onCancel} disabled={saving}>
            {t('signatureBack')}
          </Button>
        )}
        <Button type="submit" size="l" busy={saving}>
          {t('signatureSubmit')}
        </Button>
      </div>
    </form>
  );
}
