import {
  DomainError,
  branchSchema,
  catalogPaths,
  coachSchema,
  couponSchema,
  eventSchema,
  exerciseSchema,
  keySchema,
  packageSchema,
  parseInput,
  paths,
  seatLayoutSchema,
  settingsFromStored,
  settingsInputSchema,
  shopCategoriesSchema,
  shopProductInputSchema,
  studioInputSchema,
  suscriptionPricesInputSchema,
} from '@studio/core';
import type { AuditEntry, CatalogItemCollection, SaveCatalogItemInput } from '@studio/core';
import { instancesFor } from '../../engine';
import type { HandlerDeps, Instances } from '../../engine';

// The input schemas are core's (docs/architecture/admin-and-audit.md#catalogue): the admin forms
// check the same shapes.

const ITEM_SCHEMAS = {
  packages: packageSchema,
  events: eventSchema,
  exercises: exerciseSchema,
  coaches: coachSchema,
  seatLayouts: seatLayoutSchema,
  coupons: couponSchema,
  branches: branchSchema,
} as const satisfies Record<CatalogItemCollection, unknown>;

export interface SaveCatalogItemCommand extends SaveCatalogItemInput {
  /** The admin making the change, for the audit entry. */
  by: string;
}

export interface SaveCatalogItemOutcome {
  id: string;
  auditId: string;
  action: 'save' | 'delete';
}

type Updates = Record<string, unknown>;

function invalid(issues: string): DomainError {
  return new DomainError('invalid-argument', 'invalidInput', { issues });
}

/** Drops `undefined` (the admin SDK refuses it) the way the database itself would store it. */
function storable<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function newKey(db: HandlerDeps['db'], parent: string): string {
  const key = db.ref(parent).push().key;
  if (key === null) throw new Error('push() returned no key');
  return key;
}

async function read(db: HandlerDeps['db'], path: string): Promise<unknown> {
  return (await db.ref(path).get()).val();
}

interface Plan {
  id: string;
  /** The node the audit entry names. */
  target: string;
  before: unknown;
  after: unknown;
  updates: Updates;
}

/**
 * Classes that have not started, are not cancelled and are seated on `layoutId`, in every
 * instance holding classes: deleting their layout would leave their spot maps and bookings
 * pointing at nothing. `Classes` is indexed on `startsAt`, so only classes still to come are read.
 */
async function countUpcomingClassesUsing(
  instances: Instances,
  layoutId: string,
  now: number,
): Promise<number> {
  let count = 0;
  for (const where of await instances.all()) {
    const upcoming = await where
      .ref(paths.classes())
      .orderByChild('startsAt')
      .startAt(now + 1)
      .get();
    upcoming.forEach((child) => {
      const cls: unknown = child.val();
      // Raw fields, not classSchema: a class that fails to parse still holds its layout.
      if (isRecord(cls) && cls['layout'] === layoutId && cls['status'] !== 'cancelled') count += 1;
    });
  }
  return count;
}

async function planItem(
  db: HandlerDeps['db'],
  instances: Instances,
  now: number,
  collection: CatalogItemCollection,
  requestedId: string | undefined,
  value: unknown,
): Promise<Plan> {
  if (value === null) {
    if (requestedId === undefined) throw invalid('id: required to delete');
    const target = catalogPaths.item[collection](requestedId);
    const before = await read(db, target);
    if (before === null) throw new DomainError('not-found', 'notFound');
    if (collection === 'seatLayouts') {
      const count = await countUpcomingClassesUsing(instances, requestedId, now);
      if (count > 0) throw new DomainError('failed-precondition', 'layoutUsedByClasses', { count });
    }
    return { id: requestedId, target, before, after: null, updates: { [target]: null } };
  }
  const parsed: Record<string, unknown> = storable(parseInput(ITEM_SCHEMAS[collection], value));
  let id = requestedId;
  if (collection === 'coupons') {
    // A coupon's key is its code, so a member's typed code finds it directly.
    const code = String(parsed['code']);
    if (id !== undefined && id !== code) throw invalid('id: must equal the coupon code');
    id = code;
  }
  id ??= newKey(db, catalogPaths.collection[collection]());
  const target = catalogPaths.item[collection](id);
  const before = await read(db, target);
  if (collection === 'branches') {
    // The branch's database instance is named when the instance is created (docs/deploy.md): its
    // classes live there, so a save from the screens keeps it and may not change it.
    const instance = isRecord(before) ? before['databaseInstance'] : undefined;
    if (parsed['databaseInstance'] !== undefined && parsed['databaseInstance'] !== instance)
      throw invalid('databaseInstance: set when the instance is created');
    if (typeof instance === 'string') parsed['databaseInstance'] = instance;
  }
  if (collection === 'coupons' && isRecord(before) && typeof before['redeemed'] === 'number') {
    // The webhook counts redemptions; an admin edit must not reset the count.
    parsed['redeemed'] = before['redeemed'];
  }
  return { id, target, before, after: parsed, updates: { [target]: parsed } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function planSuscriptionPrices(db: HandlerDeps['db'], value: unknown): Promise<Plan> {
  // The subscription modal needs both prices, so the pair is replaced, never deleted.
  if (value === null) throw invalid('SuscriptionPrices cannot be deleted');
  const after = storable(parseInput(suscriptionPricesInputSchema, value));
  const target = paths.suscriptionPrices();
  const before = await read(db, target);
  return { id: target, target, before, after, updates: { [target]: after } };
}

/**
 * `Settings`: the fields sent replace theirs; the rest keep their stored value (or default), so
 * the node always holds a complete, valid set. Never deleted: every booking reads it.
 */
async function planSettings(db: HandlerDeps['db'], value: unknown): Promise<Plan> {
  if (value === null) throw invalid('Settings cannot be deleted');
  const changes = parseInput(settingsInputSchema, value);
  const target = paths.settings();
  const before = await read(db, target);
  const after = storable({ ...settingsFromStored(before), ...changes });
  return { id: target, target, before, after, updates: { [target]: after } };
}

/**
 * `Studio`: the admin-studio form sends the whole node, which replaces the stored one. Never
 * deleted: every page shows the studio's name and colour.
 */
async function planStudio(db: HandlerDeps['db'], value: unknown): Promise<Plan> {
  if (value === null) throw invalid('Studio cannot be deleted');
  const after = storable(parseInput(studioInputSchema, value));
  const target = paths.studio();
  const before = await read(db, target);
  return { id: target, target, before, after, updates: { [target]: after } };
}

/**
 * `Shop/{category}/{product}` set, then updated with Img, Url, Reference, and
 * `Shop/TagsProducts/{reference}` set. Here the three land in one update so a product never
 * exists without its reference; `Shop/Categorias` gains the category when it is new.
 */
async function planShopProduct(
  db: HandlerDeps['db'],
  category: string | undefined,
  requestedId: string | undefined,
  value: unknown,
): Promise<Plan> {
  if (category === undefined) throw invalid('category: required for a shop product');
  if (value === null) {
    if (requestedId === undefined) throw invalid('id: required to delete');
    const target = paths.shopProduct(category, requestedId);
    const before = await read(db, target);
    if (before === null) throw new DomainError('not-found', 'productNotFound');
    const reference =
      isRecord(before) && typeof before['Reference'] === 'string'
        ? before['Reference']
        : requestedId;
    return {
      id: requestedId,
      target,
      before,
      after: null,
      updates: { [target]: null, [paths.shopProductTags(keySchema.parse(reference))]: null },
    };
  }
  const { tags = [], ...product } = parseInput(shopProductInputSchema, value);
  const id = requestedId ?? newKey(db, paths.shopCategory(category));
  const target = paths.shopProduct(category, id);
  const before = await read(db, target);
  const after = storable({ ...product, Reference: id });
  const updates: Updates = {
    [target]: after,
    [paths.shopProductTags(id)]: tags.length > 0 ? tags : null,
  };
  const categories = shopCategoriesSchema.safeParse(await read(db, paths.shopCategories()));
  const known = categories.success ? categories.data : [];
  if (!known.includes(category)) updates[paths.shopCategories()] = [...known, category];
  return { id, target, before, after, updates };
}

function plan(
  { db, instances }: { db: HandlerDeps['db']; instances: Instances },
  now: number,
  command: SaveCatalogItemCommand,
): Promise<Plan> {
  const { collection, id, category, value } = command;
  switch (collection) {
    case 'suscriptionPrices':
      return planSuscriptionPrices(db, value);
    case 'settings':
      return planSettings(db, value);
    case 'studio':
      return planStudio(db, value);
    case 'shopProduct':
      return planShopProduct(db, category, id, value);
    default:
      return planItem(db, instances, now, collection, id, value);
  }
}

/**
 * Creates, replaces or deletes one catalogue item and records an audit entry with the value
 * before and after, all in one multi-path update: either both land or neither does. A seat
 * layout that upcoming classes use is not deleted (docs/architecture/admin-and-audit.md#catalogue).
 */
export async function saveCatalogItem(
  deps: Pick<HandlerDeps, 'db' | 'now'> & { instances?: Instances },
  command: SaveCatalogItemCommand,
): Promise<SaveCatalogItemOutcome> {
  const { db, now } = deps;
  const at = now();
  const instances = instancesFor(deps);
  const { id, target, before, after, updates } = await plan({ db, instances }, at, command);
  const action = after === null ? 'delete' : 'save';
  const details: Record<string, unknown> = { collection: command.collection };
  if (before !== null) details['before'] = before;
  if (after !== null) details['after'] = after;
  const entry: AuditEntry = { at, by: command.by, action, target, details };
  const auditId = newKey(db, paths.auditLog());
  await db.ref().update({ ...updates, [paths.auditEntry(auditId)]: entry });
  return { id, auditId, action };
}
