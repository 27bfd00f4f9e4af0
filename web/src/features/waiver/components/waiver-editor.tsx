import type { WaiverText, WaiverVersion } from '@studio/core';
import { MAX_WAIVER_TEXT } from '@studio/core';
import type { FormEvent } from 'react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { callableErrorText } from '../../../lib/callable-errors';
import type { ErrorText } from '../../../lib/callable-errors';
import { useFormat } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import type { WaiverAdminApi } from '../api/waiver-api';
import { waiverMessages } from '../waiver-messages';
import './waiver.css';

const MIN_TEXT = 20;

/**
 * admin-studio's written waiver: the current version (or none), its English and Spanish text to
 * edit, and Publish, which makes a new version every member signs before their next class.
 */
export function WaiverEditor({ api }: { api: WaiverAdminApi }) {
  const t = useT(waiverMessages);
  const format = useFormat();
  const [current, setCurrent] = useState<WaiverVersion | null | undefined>(undefined);
  const [text, setText] = useState<WaiverText>({ en: '', es: '' });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<ErrorText | null>(null);
  const [published, setPublished] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    api.currentWaiver().then(
      (found) => {
        if (!live) return;
        setCurrent(found);
        if (found) setText(found.text);
      },
      (error: unknown) => live && setRefusal(callableErrorText(error)),
    );
    return () => {
      live = false;
    };
  }, [api]);

  const next = (current?.version ?? 0) + 1;
  const short = (value: string) => value.trim().length < MIN_TEXT;
  const unchanged =
    current != null && text.en.trim() === current.text.en && text.es.trim() === current.text.es;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setPublished(null);
    if (short(text.en) || short(text.es) || unchanged) return;
    setBusy(true);
    setRefusal(null);
    const sent = { en: text.en.trim(), es: text.es.trim() };
    api.saveWaiver(sent).then(
      ({ version }) => {
        setBusy(false);
        setTried(false);
        setPublished(version);
        setCurrent({ version, text: sent, hash: '', publishedAt: Date.now(), publishedBy: '' });
      },
      (error: unknown) => {
        setBusy(false);
        setRefusal(callableErrorText(error));
      },
    );
  };

  const area = (lang: keyof WaiverText) => (
    <Field
      label={t(lang === 'en' ? 'editorEnglish' : 'editorSpanish')}
      required
      error={tried && short(text[lang]) ? t('editorTooShort') : undefined}
    >
      <textarea
        rows={8}
        lang={lang}
        maxLength={MAX_WAIVER_TEXT}
        value={text[lang]}
        onChange={(event) => {
          setPublished(null);
          setText({ ...text, [lang]: event.target.value });
        }}
      />
    </Field>
  );

  return (
    <Card as="section" title={t('editorTitle')} className="waiver-editor">
      {current === undefined && !refusal && <p>{t('waiverLoading')}</p>}
      {current === null && <p>{t('editorNone')}</p>}
      {current && (
        <p>
          {t('editorCurrent', {
            version: current.version,
            date: format.dayAt(current.publishedAt),
          })}
        </p>
      )}
      {current !== undefined && (
        <form className="waiver-editor-form" onSubmit={submit} noValidate>
          {area('en')}
          {area('es')}
          {tried && unchanged && <p role="alert">{t('editorUnchanged')}</p>}
          {refusal && <p role="alert">{t(refusal.key, refusal.params)}</p>}
          {published !== null && (
            <p role="status">{t('editorPublished', { version: published })}</p>
          )}
          <p className="waiver-version">{t('editorPublishHint')}</p>
          <div>
            <Button type="submit" busy={busy}>
              {t('editorPublish', { version: next })}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
