/** Each admin catalogue screen: which items it lists, its form, and the core schema it checks. */
import {
  coachSchema,
  couponSchema,
  eventSchema,
  exerciseSchema,
  isDateString,
  isHourString,
  packageSchema,
  toEpoch,
} from '@studio/core';
import type { PackageKind } from '@studio/core';
import { weekdayName } from '../../lib/weekday-name';
import type { EditorConfig, SummaryContext } from './components/catalog-editor';
import { field, pictureField } from './form-fields';
import type { Field } from './form-fields';

const name = field('name', 'text');
const description = field('description', 'textarea');
const active = field('active', 'checkbox');
const image = field('img', 'text', 'image');

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

export function money(cents: unknown): string {
  return typeof cents === 'number' ? `$${(cents / 100).toFixed(2)}` : '';
}

/** A package's credits and validity as a studio owner says them: '10 credits', 'valid 90 days'. */
function packageSummary(item: Record<string, unknown>, { t }: SummaryContext): string {
  const { credits, validityDays } = item;
  return [
    text(item['name']),
    typeof credits === 'number'
      ? credits === 1
        ? t('summaryCredit')
        : t('summaryCredits', { count: credits })
      : '',
    money(item['price']),
    typeof validityDays === 'number'
      ? validityDays === 1
        ? t('summaryValidDay')
        : t('summaryValidDays', { days: validityDays })
      : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

type ScreenConfig = Omit<EditorConfig, 'collection' | 'node' | 'summary'> &
  Partial<Pick<EditorConfig, 'summary'>>;

/** What every catalogue screen shares: it watches its collection's node and lists items by name. */
function catalogConfig(collection: EditorConfig['collection'], screen: ScreenConfig): EditorConfig {
  return { collection, node: collection, summary: (item) => text(item['name']), ...screen };
}

/** Credits, price and validity of one kind of package (spec: admin packages screens). */
function packageConfig(
  kind: PackageKind,
  title: EditorConfig['title'],
  extra: readonly Field[] = [],
): EditorConfig {
  return catalogConfig('packages', {
    title,
    schema: packageSchema,
    fields: [
      name,
      field('credits', 'number'),
      field('price', 'money'),
      field('validityDays', 'number'),
      field('order', 'number'),
      ...extra,
      description,
      active,
    ],
    fixed: { kind, currency: 'USD' },
    include: (item) => item['kind'] === kind,
    summary: packageSummary,
  });
}

export const creditPackagesConfig = packageConfig('credits', 'creditPackagesTitle');

export const eventPackagesConfig = packageConfig('spcredits', 'eventPackagesTitle', [
  field('eventId', 'text', 'eventPackage'),
]);

/**
 * Personal-training packs, sold on buy-train-credits
 * (docs/architecture/admin-and-audit.md#catalogue).
 */
export const trainPackagesConfig = packageConfig('train-credits', 'trainPackagesTitle');

/**
 * The single-class price is a one-credit package (docs/architecture/admin-and-audit.md#catalogue).
 */
export const singleClassConfig: EditorConfig = {
  ...packageConfig('single', 'singleClassTitle'),
  defaults: { credits: '1' },
};

export const eventsConfig = catalogConfig('events', {
  title: 'eventsTitle',
  schema: eventSchema,
  fields: [
    name,
    field('date', 'date'),
    field('hour', 'hour'),
    field('duration', 'number'),
    image,
    description,
    active,
  ],
  // The start instant is the studio's local date and hour (America/Monterrey).
  derive: (value) => {
    const { date, hour } = value;
    return isDateString(date) && isHourString(hour)
      ? { ...value, startsAt: toEpoch(date, hour) }
      : value;
  },
  // The weekday beside the spec's year-month-day date and HH:mm hour.
  summary: (item, { lang }) => {
    const { date } = item;
    const day = isDateString(date) ? `${weekdayName(date, lang, 'short')} ${date}` : '';
    return [text(item['name']), [day, text(item['hour'])].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(' · ');
  },
});

export const exercisesConfig = catalogConfig('exercises', {
  title: 'exercisesTitle',
  schema: exerciseSchema,
  fields: [
    name,
    field('duration', 'number'),
    {
      ...field('creditKind', 'select'),
      options: [
        { value: 'regular', label: 'kindRegular' },
        { value: 'special', label: 'kindSpecial' },
        { value: 'train', label: 'kindTrain' },
      ],
    },
    field('color', 'text'),
    pictureField('img', 'classPicture', 'classType'),
    description,
    active,
  ],
  defaults: { creditKind: 'regular' },
});

export const coachesConfig = catalogConfig('coaches', {
  title: 'coachesTitle',
  schema: coachSchema,
  fields: [
    name,
    field('uid', 'text', 'coachUser'),
    pictureField('img', 'coachPhoto', 'coach'),
    field('bio', 'textarea'),
    field('specialities', 'list'),
    active,
  ],
});

export const couponsConfig = catalogConfig('coupons', {
  title: 'couponsTitle',
  schema: couponSchema,
  fields: [
    field('code', 'text'),
    field('percentOff', 'number'),
    field('amountOff', 'money'),
    field('appliesTo', 'list'),
    field('validFrom', 'day'),
    field('validUntil', 'day'),
    field('maxRedemptions', 'number'),
    field('maxPerMember', 'number'),
    description,
    active,
  ],
  rootIssue: { field: 'percentOff', key: 'fieldOneDiscount' },
  summary: (item, { t }) => {
    const { percentOff, amountOff } = item;
    const amount =
      typeof percentOff === 'number'
        ? `${percentOff}%`
        : typeof amountOff === 'number'
          ? money(amountOff)
          : '';
    return [text(item['code']), amount && t('summaryOff', { amount })].filter(Boolean).join(' · ');
  },
});
