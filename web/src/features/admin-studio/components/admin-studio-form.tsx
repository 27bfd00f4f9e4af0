import type { CSSProperties, FormEvent, ReactNode } from 'react';
import { useState } from 'react';
import { isHexColour, TYPEFACE_PAIRS } from '@studio/core';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { PictureInput } from '../../../components/ui/picture-input';
import { Skeleton } from '../../../components/ui/skeleton';
import { callableErrorText } from '../../../lib/callable-errors';
import type { ErrorText } from '../../../lib/callable-errors';
import { useT } from '../../../lib/i18n';
import { typefaceDeclarations } from '../../../lib/typefaces';
import { useLive } from '../../../lib/use-live';
import type { AdminStudioApi } from '../api/admin-studio-api';
import { adminStudioMessages } from '../admin-studio-messages';
import type { AdminStudioKey } from '../admin-studio-messages';
import { COLOUR_CHOICES, checkStudioForm, contrastText, formFromStudio } from '../studio-form';
import type { FieldError, StudioForm, StudioFormField } from '../studio-form';
import { BrandPreview } from './brand-preview';
import '../admin-studio.css';

type Errors = Partial<Record<StudioFormField, FieldError>>;

function Form({ api, initial }: { api: AdminStudioApi; initial: StudioForm }) {
  const t = useT(adminStudioMessages);
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<ErrorText | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const set = (field: StudioFormField, value: string) => {
    setSaved(false);
    setForm((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _fixed, ...rest }) => rest);
  };
  const errorText = (field: StudioFormField) => {
    const error = errors[field];
    return error ? t(error.key, error.params) : undefined;
  };
  const input = (
    field: StudioFormField,
    label: AdminStudioKey,
    props: { type?: string; hint?: AdminStudioKey; required?: boolean; autoComplete?: string } = {},
  ) => (
    <Field
      label={t(label)}
      hint={props.hint ? t(props.hint) : undefined}
      error={errorText(field)}
      required={props.required}
    >
      <input
        name={field}
        type={props.type ?? 'text'}
        value={form[field]}
        autoComplete={props.autoComplete ?? 'off'}
        onChange={(event) => set(field, event.target.value)}
      />
    </Field>
  );
  const textarea = (field: StudioFormField, label: AdminStudioKey, hint?: AdminStudioKey) => (
    <Field label={t(label)} hint={hint ? t(hint) : undefined} error={errorText(field)}>
      <textarea
        name={field}
        rows={field.startsWith('about') ? 5 : 3}
        value={form[field]}
        onChange={(event) => set(field, event.target.value)}
      />
    </Field>
  );

  const picture = (field: 'logo' | 'cover', hint: AdminStudioKey) => (
    <PictureInput
      label={t(field)}
      hint={t(hint)}
      value={form[field]}
      onChange={(url) => set(field, url)}
      slot={field}
      upload={api.uploadPicture}
      error={errorText(field)}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = checkStudioForm(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await api.saveStudio(checked.value);
      setSaved(true);
    } catch (error) {
      setFailure(callableErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  const colour = form.primaryColor.trim();
  const section = (title: AdminStudioKey, children: ReactNode) => (
    <Card as="section" className="studio-form-section" aria-label={t(title)}>
      <h2 className="ui-card-title">{t(title)}</h2>
      {children}
    </Card>
  );
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <form className="studio-form" onSubmit={(event) => void submit(event)} noValidate>
      {section(
        'identity',
        <>
          {input('name', 'name', { required: true, autoComplete: 'organization' })}
          <fieldset className="studio-swatches">
            <legend className="ui-field-label">{t('colourChoices')}</legend>
            {COLOUR_CHOICES.map(([name, hex]) => (
              <label
                key={hex}
                className="studio-swatch"
                style={{ '--swatch': hex } as CSSProperties}
              >
                <input
                  type="radio"
                  name="studio-colour"
                  value={hex}
                  checked={colour.toLowerCase() === hex}
                  onChange={() => set('primaryColor', hex)}
                />
                <span className="studio-swatch-dot" aria-hidden="true" />
                <span className="studio-swatch-name">{t(name)}</span>
              </label>
            ))}
          </fieldset>
          {input('primaryColor', 'primaryColor', { hint: 'primaryColorHint', required: true })}
          <div className="studio-colour">
            <input
              type="color"
              className="studio-colour-picker"
              aria-label={t('pickColour')}
              value={isHexColour(colour) ? colour.toLowerCase() : '#000000'}
              onChange={(event) => set('primaryColor', event.target.value)}
            />
            {isHexColour(colour) && !errors.primaryColor && (
              <p className="studio-contrast" aria-live="polite">
                {Number(contrastText(colour)) >= 4.5
                  ? t('contrastOk', { ratio: contrastText(colour) })
                  : t('errorContrast', { ratio: contrastText(colour) })}
              </p>
            )}
          </div>
          {picture('logo', 'logoHint')}
          {picture('cover', 'coverHint')}
          <fieldset className="studio-typefaces" aria-describedby="studio-typeface-hint">
            <legend className="ui-field-label">{t('typeface')}</legend>
            <p className="ui-field-hint" id="studio-typeface-hint">
              {t('typefaceHint')}
            </p>
            {TYPEFACE_PAIRS.map((pair) => (
              <label
                key={pair}
                className="studio-typeface"
                // The sample is drawn in the pair it names (its faces load when shown).
                style={
                  Object.fromEntries(
                    typefaceDeclarations(pair)
                      .split(';')
                      .map((declaration) => declaration.split(/:(.*)/s).slice(0, 2)),
                  ) as CSSProperties
                }
              >
                <input
                  type="radio"
                  name="typeface"
                  value={pair}
                  checked={(form.typeface || 'energetic') === pair}
                  onChange={() => set('typeface', pair)}
                />
                <span className="studio-typeface-name">{t(`typeface_${pair}`)}</span>
                <span className="studio-typeface-sample" aria-hidden="true">
                  <span className="studio-typeface-display">{form.name.trim() || 'Studio'}</span>
                  <span className="studio-typeface-text">{t('typefaceSample')}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <h3 className="studio-preview-title">{t('preview')}</h3>
          <BrandPreview name={form.name} logo={form.logo} colour={colour} />
        </>,
      )}
      {section(
        'contact',
        <>
          {textarea('address', 'address')}
          {input('mapUrl', 'mapUrl', { type: 'url', hint: 'mapUrlHint' })}
          {textarea('hoursEn', 'hoursEn', 'hoursHint')}
          {textarea('hoursEs', 'hoursEs', 'hoursHint')}
          {input('phone', 'phone', { type: 'tel', autoComplete: 'tel' })}
          {input('whatsapp', 'whatsapp', { type: 'tel', hint: 'whatsappHint' })}
          {input('email', 'email', { type: 'email', autoComplete: 'email' })}
        </>,
      )}
      {section(
        'social',
        <>
          {input('instagram', 'instagram', { type: 'url' })}
          {input('facebook', 'facebook', { type: 'url' })}
          {input('tiktok', 'tiktok', { type: 'url' })}
          {input('youtube', 'youtube', { type: 'url' })}
          {input('x', 'x', { type: 'url' })}
        </>,
      )}
      {section(
        'about',
        <>
          {textarea('aboutEn', 'aboutEn', 'aboutHint')}
          {textarea('aboutEs', 'aboutEs', 'aboutHint')}
        </>,
      )}
      <div className="studio-form-footer">
        {hasErrors && <p role="alert">{t('errorsBelow')}</p>}
        {failure && <p role="alert">{t(failure.key, failure.params)}</p>}
        {saved && <p role="status">{t('saved')}</p>}
        <Button type="submit" busy={busy}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}

/** admin-studio: the studio's brand and contact details, saved (and audited) by saveCatalogItem. */
export function AdminStudioScreen({ api }: { api: AdminStudioApi }) {
  const t = useT(adminStudioMessages);
  const stored = useLive<unknown>((onChange) => api.watchStudio(onChange), undefined, [api]);
  return (
    <section className="page admin-studio" aria-labelledby="page-title">
      <h1 id="page-title">{t('title')}</h1>
      <p className="admin-studio-intro">{t('intro')}</p>
      {stored === undefined ? (
        <div aria-hidden="true" className="studio-form">
          <Skeleton shape="block" height="420px" />
        </div>
      ) : (
        // Mounted once the stored node has arrived, so the inputs start from what is saved; later
        // changes (this admin's own save) leave what is typed alone.
        <Form api={api} initial={formFromStudio(stored)} />
      )}
    </section>
  );
}
