import { shopMessages } from '../shop-messages';
import './shop.css';
import { TIMINGS } from '@studio/core';
import { useEffect, useState } from 'react';
import { showToast } from '../../../components/ui/toast';
import { useLangStore, useT } from '../../../lib/i18n';
import { drawableImage } from '../../../lib/pictures/studio-image';
import { useLive } from '../../../lib/use-live';
import type { ShopApi } from '../api/shop-api';
import type { ShopItem } from '../shop-catalog';
import { priceInCents, shopCategories } from '../shop-catalog';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';

/** What "Add to cart" hands over: the cart keeps it (the app wires it to the checkout store). */
export interface ShopPick {
  category: string;
  id: string;
  name: string;
  /** Cents. */
  unitAmount: number;
  currency: string;
}

export interface ShopProductsProps {
  api: ShopApi;
  onAdd: (pick: ShopPick) => void;
  /** Heading level of the section title inside its page. */
  level?: 1 | 2;
}

/** Only web addresses are shown as links (an admin typo must not become a script). */
function webUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function ProductCard({
  item,
  price,
  onAdd,
}: {
  item: ShopItem;
  price: string | null;
  onAdd: () => void;
}) {
  const t = useT(shopMessages);
  const { product } = item;
  const name = product.Name ?? item.id;
  const img = drawableImage(product.Img, 'studio');
  const url = webUrl(product.Url);
  return (
    <Card as="li" compact className="shop-product">
      {img && <img src={img} alt="" width={96} height={96} loading="lazy" decoding="async" />}
      <div className="shop-product-body">
        <h3>{name}</h3>
        {product.Description && <p>{product.Description}</p>}
        {product.Reference && (
          <p className="shop-muted">
            {t('shopReference')}: {product.Reference}
          </p>
        )}
        {price && <p className="shop-price">{price}</p>}
        <div className="shop-actions">
          <Button size="s" aria-label={`${t('addToCart')}: ${name}`} onClick={onAdd}>
            {t('addToCart')}
          </Button>
          {url && (
            <a href={url} target="_blank" rel="noopener noreferrer">
              {t('shopMoreInfo')}
              <span className="visually-hidden">: {name}</span>
            </a>
          )}
        </div>
      </div>
    </Card>
  );
}

/** A product card's shape while the shop loads. */
function ProductSkeleton() {
  return (
    <Card as="li" compact className="shop-product" aria-hidden="true">
      <Skeleton shape="block" width="96px" height="96px" />
      <div className="shop-product-body">
        <Skeleton width="50%" height="1.3em" />
        <Skeleton width="30%" height="1.2em" />
        <Skeleton width="8em" height="var(--control-height-s)" />
      </div>
    </Card>
  );
}

/**
 * The studio shop (`Shop/{category}/{product}`): every priced product by category,
 * live, with picture, reference, price and "Add to cart". Guests may browse and fill the cart.
 */
export function ShopProducts({ api, onAdd, level = 2 }: ShopProductsProps) {
  const t = useT(shopMessages);
  const lang = useLangStore((state) => state.lang);
  const shop = useLive<unknown>((onChange) => api.watchShop(onChange), undefined, [api]);
  const [currency, setCurrency] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    api.getCurrency().then(
      (value) => {
        if (current) setCurrency(value);
      },
      (error: unknown) => console.error('studio currency not read', error),
    );
    return () => {
      current = false;
    };
  }, [api]);

  const Title = level === 1 ? 'h1' : 'h2';
  const CategoryTitle = level === 1 ? 'h2' : 'h3';
  const groups = shopCategories(shop);
  const format = currency ? new Intl.NumberFormat(lang, { style: 'currency', currency }) : null;

  const add = (item: ShopItem) => {
    if (!currency) return;
    const name = item.product.Name ?? item.id;
    onAdd({
      category: item.category,
      id: item.id,
      name,
      unitAmount: priceInCents(item.product),
      currency,
    });
    // Toasts in the shell last 1 s.
    showToast(t('shopAdded', { name }), TIMINGS.shellToastMs);
  };

  return (
    <section className="page shop" aria-labelledby="shop-title" aria-busy={shop === undefined}>
      <Title id="shop-title">{t('shopTitle')}</Title>
      {shop === undefined ? (
        <>
          <p role="status" className="visually-hidden">
            {t('loading')}
          </p>
          <ul className="shop-grid">
            <ProductSkeleton />
            <ProductSkeleton />
          </ul>
        </>
      ) : groups.length === 0 ? (
        <EmptyState title={t('shopEmpty')} />
      ) : (
        groups.map((group) => (
          <section key={group.category} aria-label={group.category}>
            <CategoryTitle>{group.category}</CategoryTitle>
            <ul className="shop-grid">
              {group.items.map((item) => (
                <ProductCard
                  key={item.id}
                  item={item}
                  price={format ? format.format(priceInCents(item.product) / 100) : null}
                  onAdd={() => add(item)}
                />
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}
