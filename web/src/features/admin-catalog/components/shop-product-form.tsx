import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { FormEvent } from 'react';
import {
  SHOP_CATEGORIES,
  SHOP_TAGS,
  shopCategoryKeySchema,
  shopProductInputSchema,
  shopProductSchema,
} from '@studio/core';
import { z } from 'zod';
import { callableErrorText } from '../../../lib/callable-errors';
import type { ErrorText } from '../../../lib/callable-errors';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import { adminMessages } from '../admin-messages';
import type { AdminCatalogApi } from '../api/admin-catalog-api';
import { emptyForm, field, fieldErrors, fromForm, pictureField, plain } from '../form-fields';
import type { Field, FieldError, FormState } from '../form-fields';
import { FormInputs } from './form-inputs';

// The product's field names (`Name`, `Precio`…), labelled with the catalogue screens' texts.
const FIELDS: readonly Field[] = [
  field('category', 'text'),
  field('Name', 'text', 'productName'),
  field('Precio', 'number', 'price'),
  field('Description', 'textarea', 'description'),
  pictureField('Img', 'productPicture', 'product'),
  field('Url', 'text', 'productUrl'),
  field('tags', 'list'),
];

/** The form as the function takes it: a category key and core's product input (payload, tags). */
const productFormSchema = z.object({
  category: shopCategoryKeySchema,
  product: shopProductInputSchema.extend({ Name: z.string().trim().min(1).max(200) }),
});

type Phase =
  { step: 'idle' } | { step: 'adding' } | { step: 'added' } | { step: 'failed'; error: ErrorText };

function productsOf(shop: unknown): { category: string; id: string; name: string }[] {
  if (typeof shop !== 'object' || shop === null) return [];
  return Object.entries(shop).flatMap(([category, products]) => {
    if (category === SHOP_TAGS || category === SHOP_CATEGORIES) return [];
    if (typeof products !== 'object' || products === null) return [];
    return Object.entries(products as Record<string, unknown>).map(([id, product]) => {
      const parsed = shopProductSchema.safeParse(product);
      return { category, id, name: parsed.success ? (parsed.data.Name ?? id) : id };
    });
  });
}

/** Adds a product to the shop (the loading text and the success alert). */
export function ShopProductForm({ api, level = 1 }: { api: AdminCatalogApi; level?: 1 | 2 }) {
  const Heading = level === 1 ? 'h1' : 'h2';
  const t = useT();
  const at = useT(adminMessages);
  const shop = useLive<unknown>((onChange) => api.watch('shop', onChange), null, [api]);
  const [form, setForm] = useState<FormState>(() => emptyForm(FIELDS));
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { category, ...product } = fromForm(FIELDS, form);
    const parsed = productFormSchema.safeParse({ category, product });
    if (!parsed.success) {
      // Product issues are under `product.<field>`; the form's fields are flat.
      const flat = parsed.error.issues.map((issue) =>
        issue.path[0] === 'product' ? { ...issue, path: issue.path.slice(1) } : issue,
      );
      setErrors(fieldErrors(FIELDS, new z.ZodError(flat)));
      return;
    }
    setErrors({});
    setPhase({ step: 'adding' });
    try {
      const value = plain(parsed.data.product);
      await api.save({ collection: 'shopProduct', category: parsed.data.category, value });
      setPhase({ step: 'added' });
      setForm(emptyForm(FIELDS));
    } catch (error) {
      setPhase({ step: 'failed', error: callableErrorText(error) });
    }
  };

  return (
    <section aria-labelledby="shop-title" className="admin-section">
      <Heading id="shop-title">{at('shopTitle')}</Heading>
      <ul className="ui-list">
        {productsOf(shop).map((product) => (
          <li key={`${product.category}/${product.id}`}>
            {product.category} · {product.name}
          </li>
        ))}
      </ul>
      <form
        className="card ui-card ui-form admin-editor"
        aria-label={at('shopTitle')}
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <div className="ui-form-grid">
          <FormInputs
            fields={FIELDS}
            form={form}
            errors={errors}
            onChange={(name, value) => setForm({ ...form, [name]: value })}
            upload={api.uploadPicture}
          />
        </div>
        {phase.step === 'adding' && <p role="status">{at('addingProduct')}</p>}
        {phase.step === 'added' && (
          <div role="alert" className="form-success">
            <p>
              <strong>{at('productAddedTitle')}</strong>
            </p>
            <p>{at('productAddedMessage')}</p>
          </div>
        )}
        {phase.step === 'failed' && (
          <p role="alert" className="form-error">
            {t(phase.error.key, phase.error.params)}
          </p>
        )}
        <div className="ui-actions">
          <Button type="submit" busy={phase.step === 'adding'}>
            {at('save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
