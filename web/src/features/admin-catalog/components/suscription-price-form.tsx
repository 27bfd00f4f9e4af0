import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { FormEvent } from 'react';
import {
  suscriptionPriceSchema,
  suscriptionPricesInputSchema,
  suscriptionPricesSchema,
} from '@studio/core';
import type { SuscriptionPrice } from '@studio/core';
import { callableErrorText } from '../../../lib/callable-errors';
import type { ErrorText } from '../../../lib/callable-errors';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import { adminMessages } from '../admin-messages';
import type { AdminCatalogApi } from '../api/admin-catalog-api';
import { field, fieldErrors } from '../form-fields';
import type { Field, FieldError } from '../form-fields';
import { FormInputs } from './form-inputs';
import { FailureText } from '../../../components/ui/failure-text';

/** The first entry is the discounted price, the second the regular one. */
const FIELDS: readonly Field[] = [
  field('discounted', 'number', 'discountedPrice'),
  field('regular', 'number', 'regularPrice'),
];
const DEFAULT_KEYS = ['discounted', 'regular'] as const;

function pricesOf(value: unknown): SuscriptionPrice[] | null {
  const parsed = suscriptionPricesSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function PriceForm({ api, current }: { api: AdminCatalogApi; current: SuscriptionPrice[] }) {
  const at = useT(adminMessages);
  const [form, setForm] = useState<Record<string, string>>({
    discounted: current[0] ? String(current[0].Precio) : '',
    regular: current[1] ? String(current[1].Precio) : '',
  });
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [failure, setFailure] = useState<ErrorText | null>(null);
  const [saved, setSaved] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, FieldError> = {};
    const entries: SuscriptionPrice[] = [];
    DEFAULT_KEYS.forEach((name, index) => {
      const text = (form[name] ?? '').trim();
      const parsed = suscriptionPriceSchema.safeParse({
        key: current[index]?.key ?? name,
        Precio: text === '' ? undefined : Number(text),
      });
      // The schema reports on `Precio`; the error shows under this price's input.
      if (parsed.success) entries.push(parsed.data);
      else found[name] = fieldErrors(FIELDS, parsed.error)['Precio'] ?? { key: 'fieldInvalid' };
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // The pair as a whole, with the schema saveCatalogItem parses it with (always two here).
    const pair = suscriptionPricesInputSchema.safeParse(entries);
    if (!pair.success) {
      setFailure({ key: 'invalidInput', params: { issues: pair.error.issues[0]?.message ?? '' } });
      return;
    }
    setFailure(null);
    try {
      await api.save({ collection: 'suscriptionPrices', value: pair.data });
      setSaved(true);
    } catch (error) {
      setFailure(callableErrorText(error));
    }
  };

  return (
    <form
      className="card ui-card ui-form admin-editor"
      aria-label={at('suscriptionPriceTitle')}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <FormInputs
        fields={FIELDS}
        form={form}
        errors={errors}
        onChange={(name, value) => {
          setSaved(false);
          setForm({ ...form, [name]: String(value) });
        }}
        upload={api.uploadPicture}
      />
      {saved && (
        <p role="status" className="form-success">
          {at('saved')}
        </p>
      )}
      <FailureText failure={failure} />
      <div className="ui-actions">
        <Button type="submit">{at('save')}</Button>
      </div>
    </form>
  );
}

/** admin-suscripcion-price: the pair of prices the BEST CHOICE modal shows. */
export function SuscriptionPriceForm({ api }: { api: AdminCatalogApi }) {
  const at = useT(adminMessages);
  const value = useLive<unknown>(
    (onChange) => api.watch('suscriptionPrices', onChange),
    undefined,
    [api],
  );
  const current = value === undefined ? null : (pricesOf(value) ?? []);
  return (
    <section aria-labelledby="suscription-price-title" className="admin-page">
      <h1 id="suscription-price-title">{at('suscriptionPriceTitle')}</h1>
      {/* Keyed on the stored pair so the inputs start from what is saved once it arrives. */}
      {current && <PriceForm key={JSON.stringify(current)} api={api} current={current} />}
    </section>
  );
}
