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
import type { EditorConfig } from './components/catalog-editor';
import type { Field } from './form-fields';

const name: Field = { name: 'name', label: 'name', type: 'text' };
const description: Field = { name: 'description', label: 'description', type: 'textarea' };
const active: Field = { name: 'active', label: 'active', type: 'checkbox' };

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

export function money(cents: unknown): string {
  return typeof cents === 'number' ? `$${(cents / 100).toFixed(2)}` : '';
}

/** Credits, price and validity of one kind of package (spec: admin packages screens). */
function packageConfig(
  kind: PackageKind,
  title: EditorConfig['title'],
  extra: readonly Field[] = [],
): EditorConfig {
  return {
    collection: 'packages',
    node: 'packages',
    title,
    schema: packageSchema,
    fields: [
      name,
      { name: 'credits', label: 'credits', type: 'number' },
      { name: 'price', label: 'price', type: 'money' },
      { name: 'validityDays', label: 'validityDays', type: 'number' },
      { name: 'order', label: 'order', type: 'number' },
      ...extra,
      description,
      active,
    ],
    fixed: { kind, currency: 'USD' },
    include: (item) => item['kind'] === kind,
    summary: (item) =>
      `${text(item['name'])} · ${text(item['credits'])} · ${money(item['price'])} · ${text(item['validityDays'])}d`,
  };
}

export const creditPackagesConfig = packageConfig('credits', 'creditPackagesTitle');

export const eventPackagesConfig = packageConfig('spcredits', 'eventPackagesTitle', [
  { name: 'eventId', label: 'eventPackage', type: 'text' },
]);

/** The single-class price is a one-credit package (docs/decisions on packages). */
export const singleClassConfig: EditorConfig = {
  ...packageConfig('single', 'singleClassTitle'),
  defaults: { credits: '1' },
};

export const eventsConfig: EditorConfig = {
  collection: 'events',
  node: 'events',
  title: 'eventsTitle',
  schema: eventSchema,
  fields: [
    name,
    { name: 'date', label: 'date', type: 'date' },
    { name: 'hour', label: 'hour', type: 'hour' },
    { name: 'duration', label: 'duration', type: 'number' },
    { name: 'img', label: 'image', type: 'text' },
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
  summary: (item) => `${text(item['name'])} · ${text(item['date'])} ${text(item['hour'])}`,
};

export const exercisesConfig: EditorConfig = {
  collection: 'exercises',
  node: 'exercises',
  title: 'exercisesTitle',
  schema: exerciseSchema,
  fields: [
    name,
    { name: 'duration', label: 'duration', type: 'number' },
    {
      name: 'creditKind',
      label: 'creditKind',
      type: 'select',
      options: [
        { value: 'regular', label: 'kindRegular' },
        { value: 'special', label: 'kindSpecial' },
        { value: 'train', label: 'kindTrain' },
      ],
    },
    { name: 'color', label: 'color', type: 'text' },
    description,
    active,
  ],
  defaults: { creditKind: 'regular' },
  summary: (item) => text(item['name']),
};

export const coachesConfig: EditorConfig = {
  collection: 'coaches',
  node: 'coaches',
  title: 'coachesTitle',
  schema: coachSchema,
  fields: [
    name,
    { name: 'uid', label: 'coachUser', type: 'text' },
    { name: 'img', label: 'image', type: 'text' },
    { name: 'bio', label: 'bio', type: 'textarea' },
    active,
  ],
  summary: (item) => text(item['name']),
};

export const couponsConfig: EditorConfig = {
  collection: 'coupons',
  node: 'coupons',
  title: 'couponsTitle',
  schema: couponSchema,
  fields: [
    { name: 'code', label: 'code', type: 'text' },
    { name: 'percentOff', label: 'percentOff', type: 'number' },
    { name: 'amountOff', label: 'amountOff', type: 'money' },
    { name: 'appliesTo', label: 'appliesTo', type: 'list' },
    { name: 'validFrom', label: 'validFrom', type: 'day' },
    { name: 'validUntil', label: 'validUntil', type: 'day' },
    { name: 'maxRedemptions', label: 'maxRedemptions', type: 'number' },
    { name: 'maxPerMember', label: 'maxPerMember', type: 'number' },
    description,
    active,
  ],
  rootIssue: { field: 'percentOff', key: 'fieldOneDiscount' },
  summary: (item) => {
    const off =
      typeof item['percentOff'] === 'number' ? `${item['percentOff']}%` : money(item['amountOff']);
    return `${text(item['code'])} · ${off}`;
  },
};
