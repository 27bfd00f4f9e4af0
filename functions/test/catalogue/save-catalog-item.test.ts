import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  auditEntrySchema,
  classSchema,
  formatDate,
  formatHour,
  paths,
} from '@studio/core';
import type { StudioClass } from '@studio/core';
import { saveCatalogItem as saveCatalogItemHandler } from '../../src/handlers/catalogue/save-catalog-item';
import type { SaveCatalogItemCommand } from '../../src/handlers/catalogue/save-catalog-item';
import { saveCatalogItem } from '../../src/index';
import { openInstance, studioInstances } from '../../src/engine/instances';
import { dump, startBackend } from '../support/backend';
import type { TestBackend } from '../support/backend';
import { callableRequest, rejectionOf } from '../support/callable';
import type { Caller } from '../support/callable';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startBackend();
});

afterAll(async () => {
  await backend.stop();
});

const admin: Caller = { uid: 'admin-caller', claims: { role: 'admin' } };

async function valueAt(path: string): Promise<unknown> {
  return (await backend.db.ref(path).get()).val();
}

async function auditEntriesFor(target: string) {
  const all = ((await valueAt(paths.auditLog())) ?? {}) as Record<string, unknown>;
  return Object.values(all)
    .map((entry) => auditEntrySchema.parse(entry))
    .filter((entry) => entry.target === target);
}

async function save(data: unknown, caller: Caller | null = admin): Promise<string> {
  const result = await saveCatalogItem.run(callableRequest(data, caller));
  return result.id;
}

const validPackage = {
  kind: 'credits',
  name: '10 classes',
  credits: 10,
  price: 150_00,
  currency: 'USD',
  validityDays: 60,
  active: true,
};

describe('saveCatalogItem: one item per collection', () => {
  it.each<[string, (id: string) => string, unknown, unknown]>([
    ['packages', paths.package, validPackage, validPackage],
    [
      'events',
      paths.event,
      { name: 'Ride night', date: '2026-12-05', hour: '19:00', startsAt: 1_796_000_000_000 },
      {
        name: 'Ride night',
        date: '2026-12-05',
        hour: '19:00',
        startsAt: 1_796_000_000_000,
        active: true,
      },
    ],
    [
      'exercises',
      paths.exercise,
      { name: 'Spinning', duration: 45 },
      { name: 'Spinning', duration: 45, creditKind: 'regular', active: true },
    ],
    [
      'coaches',
      paths.coach,
      { name: ' Laura ', uid: 'coach-uid' },
      { name: 'Laura', uid: 'coach-uid', active: true },
    ],
    // The coach page's fields: photo, bio and specialities, trimmed.
    [
      'coaches',
      paths.coach,
      {
        name: 'Marta',
        img: 'https://example.test/marta.png',
        bio: 'Rides since 2010.',
        specialities: [' Spinning', 'HIIT '],
      },
      {
        name: 'Marta',
        img: 'https://example.test/marta.png',
        bio: 'Rides since 2010.',
        specialities: ['Spinning', 'HIIT'],
        active: true,
      },
    ],
    [
      'seatLayouts',
      paths.seatLayout,
      {
        name: 'Small room',
        rows: 1,
        cols: 2,
        spots: { a: { id: 'a', label: '1', row: 0, col: 1 } },
      },
      {
        name: 'Small room',
        rows: 1,
        cols: 2,
        spots: { a: { id: 'a', label: '1', row: 0, col: 1 } },
      },
    ],
    [
      'branches',
      paths.branch,
      { name: 'Centro', address: 'Av. Juárez 1' },
      { name: 'Centro', address: 'Av. Juárez 1', active: true },
    ],
  ])(
    'creates %s with a generated id, stored as the schema parsed it',
    async (collection, at, value, stored) => {
      const id = await save({ collection, value });

      expect(id).toMatch(/^[-\w]{20}$/);
      expect(await valueAt(at(id))).toEqual(stored);
      const [entry] = await auditEntriesFor(at(id));
      expect(entry).toMatchObject({
        by: 'admin-caller',
        action: 'save',
        details: { after: stored },
      });
      expect(entry?.details).not.toHaveProperty('before');
    },
  );

  it('replaces an item under its id and audits the value before and after', async () => {
    const id = await save({ collection: 'packages', value: validPackage });
    const cheaper = { ...validPackage, price: 120_00 };

    const again = await save({ collection: 'packages', id, value: cheaper });

    expect(again).toBe(id);
    expect(await valueAt(paths.package(id))).toEqual(cheaper);
    const entries = await auditEntriesFor(paths.package(id));
    expect(entries).toHaveLength(2);
    expect(entries.find((entry) => 'before' in (entry.details ?? {}))?.details).toEqual({
      collection: 'packages',
      before: validPackage,
      after: cheaper,
    });
  });

  it('edits a training-credit package, the pack buy-train-credits sells', async () => {
    const training = { ...validPackage, kind: 'train-credits', name: 'Personal training (4)' };
    const id = await save({ collection: 'packages', value: training });

    await save({ collection: 'packages', id, value: { ...training, price: 180_00 } });

    expect(await valueAt(paths.package(id))).toEqual({ ...training, price: 180_00 });
    const entries = await auditEntriesFor(paths.package(id));
    expect(entries.map((entry) => entry.details?.['after'])).toContainEqual({
      ...training,
      price: 180_00,
    });
  });

  it('deletes an item with value null and audits what was removed', async () => {
    const id = await save({ collection: 'exercises', value: { name: 'Yoga' } });

    await save({ collection: 'exercises', id, value: null });

    expect(await valueAt(paths.exercise(id))).toBeNull();
    const deleted = (await auditEntriesFor(paths.exercise(id))).find((e) => e.action === 'delete');
    expect(deleted?.details).toEqual({
      collection: 'exercises',
      before: { name: 'Yoga', creditKind: 'regular', active: true },
    });
  });

  it('keys a coupon by its upper-cased code and keeps the redemption count on edit', async () => {
    const id = await save({ collection: 'coupons', value: { code: 'summer-10', percentOff: 10 } });
    expect(id).toBe('SUMMER-10');
    await backend.db.ref(paths.coupon(id)).update({ redeemed: 4 });

    await save({ collection: 'coupons', id, value: { code: 'SUMMER-10', percentOff: 15 } });

    expect(await valueAt(paths.coupon(id))).toEqual({
      code: 'SUMMER-10',
      percentOff: 15,
      active: true,
      redeemed: 4,
    });
  });

  it('replaces the subscription price pair: discounted first, regular second', async () => {
    const prices = [
      { key: 'discount', Precio: 79 },
      { key: 'regular', Precio: 99 },
    ];

    const id = await save({ collection: 'suscriptionPrices', value: prices });

    expect(id).toBe(paths.suscriptionPrices());
    expect(await valueAt(paths.suscriptionPrices())).toEqual(prices);
    const [entry] = await auditEntriesFor(paths.suscriptionPrices());
    expect(entry?.details).toMatchObject({ after: prices });
  });

  it('changes the settings sent, keeps the others, and audits before and after', async () => {
    const stored = { timeZone: 'America/Monterrey', bookingWindowDays: 7, currency: 'USD' };
    await backend.db.ref(paths.settings()).set(stored);

    const id = await save({
      collection: 'settings',
      value: { bookingWindowDays: 14, cancellationWindowHours: 6 },
    });

    expect(id).toBe(paths.settings());
    const after = {
      ...DEFAULT_SETTINGS,
      ...stored,
      bookingWindowDays: 14,
      cancellationWindowHours: 6,
    };
    expect(await valueAt(paths.settings())).toEqual(after);
    const [entry] = await auditEntriesFor(paths.settings());
    expect(entry).toMatchObject({ by: admin.uid, action: 'save' });
    expect(entry?.details).toMatchObject({ before: stored, after });
  });

  it('replaces the studio branding as sent and audits before and after', async () => {
    const before = { name: 'Old name', primaryColor: '#0f5e59', phone: '+52 81 1234 5678' };
    await backend.db.ref(paths.studio()).set(before);
    const studio = {
      name: 'Pulso Studio',
      primaryColor: '#7A1FA2',
      logo: 'data:image/png;base64,iVBORw0KGgo=',
      address: 'Av. Vasconcelos 150, San Pedro Garza García',
      mapUrl: 'https://maps.google.com/?q=Pulso+Studio',
      hours: { en: 'Mon–Fri 06:00–21:00', es: 'Lun–Vie 06:00–21:00' },
      whatsapp: '+5218112345678',
      email: 'hola@pulso.studio',
      social: { instagram: 'https://instagram.com/pulso' },
      about: { en: 'Small classes.', es: 'Clases pequeñas.' },
    };

    const id = await save({ collection: 'studio', value: studio });

    expect(id).toBe(paths.studio());
    // Stored lower-case; the phone left out of the form is cleared.
    const after = { ...studio, primaryColor: '#7a1fa2' };
    expect(await valueAt(paths.studio())).toEqual(after);
    const [entry] = await auditEntriesFor(paths.studio());
    expect(entry).toMatchObject({ by: admin.uid, action: 'save' });
    expect(entry?.details).toMatchObject({ collection: 'studio', before, after });
  });

  it('adds a shop product with Img, Url, Reference, its tags and its category', async () => {
    await backend.db.ref(paths.shopCategories()).set(['Ropa']);
    const product = {
      Name: 'Water bottle',
      Precio: 12,
      Img: 'https://img/b.png',
      Url: 'https://s/b',
    };

    const id = await save({
      collection: 'shopProduct',
      category: 'Accesorios',
      value: { ...product, tags: ['hydration'] },
    });

    expect(await valueAt(paths.shopProduct('Accesorios', id))).toEqual({
      ...product,
      Reference: id,
    });
    expect(await valueAt(paths.shopProductTags(id))).toEqual(['hydration']);
    expect(await valueAt(paths.shopCategories())).toEqual(['Ropa', 'Accesorios']);
    const [entry] = await auditEntriesFor(paths.shopProduct('Accesorios', id));
    expect(entry).toMatchObject({ action: 'save', details: { after: { Reference: id } } });
  });

  it('deletes a shop product and its tags but keeps the categories', async () => {
    const id = await save({
      collection: 'shopProduct',
      category: 'Ropa',
      value: { Name: 'Tee', tags: ['cotton'] },
    });

    await save({ collection: 'shopProduct', category: 'Ropa', id, value: null });

    expect(await valueAt(paths.shopProduct('Ropa', id))).toBeNull();
    expect(await valueAt(paths.shopProductTags(id))).toBeNull();
    expect(await valueAt(paths.shopCategories())).toContain('Ropa');
  });
});

describe('saveCatalogItem: rejections write nothing', () => {
  it.each<[string, unknown]>([
    [
      'a package without credits',
      { collection: 'packages', value: { ...validPackage, credits: 0 } },
    ],
    [
      'a coach with more than ten specialities',
      {
        collection: 'coaches',
        value: { name: 'x', specialities: Array.from({ length: 11 }, (_, i) => `s${i}`) },
      },
    ],
    [
      'a coach with an empty speciality',
      { collection: 'coaches', value: { name: 'x', specialities: ['  '] } },
    ],
    [
      'a training package of the credit kind, not the package kind',
      { collection: 'packages', value: { ...validPackage, kind: 'train' } },
    ],
    [
      'a training package with a negative price',
      { collection: 'packages', value: { ...validPackage, kind: 'train-credits', price: -100 } },
    ],
    [
      'an event with a bad date',
      { collection: 'events', value: { name: 'x', date: '5/12', hour: '19:00', startsAt: 1 } },
    ],
    [
      'a coupon with both discounts',
      { collection: 'coupons', value: { code: 'A', percentOff: 5, amountOff: 100 } },
    ],
    [
      'a coupon whose id is not its code',
      { collection: 'coupons', id: 'OTHER', value: { code: 'A', percentOff: 5 } },
    ],
    [
      'a layout with a spot off the grid',
      {
        collection: 'seatLayouts',
        value: {
          name: 'x',
          rows: 1,
          cols: 1,
          spots: { a: { id: 'a', label: '1', row: 3, col: 0 } },
        },
      },
    ],
    [
      'one subscription price',
      { collection: 'suscriptionPrices', value: [{ key: 'a', Precio: 1 }] },
    ],
    ['deleting the subscription prices', { collection: 'suscriptionPrices', value: null }],
    ['a booking window of 0 days', { collection: 'settings', value: { bookingWindowDays: 0 } }],
    ['an unknown time zone', { collection: 'settings', value: { timeZone: 'Mars/Olympus' } }],
    ['a setting the studio does not have', { collection: 'settings', value: { theme: 'dark' } }],
    ['deleting the settings', { collection: 'settings', value: null }],
    [
      'a studio colour too light to read on white',
      { collection: 'studio', value: { name: 'Sunny', primaryColor: '#ffd700' } },
    ],
    [
      'a studio colour that is not #rrggbb',
      { collection: 'studio', value: { name: 'Studio', primaryColor: 'purple' } },
    ],
    [
      'a studio without a name',
      { collection: 'studio', value: { name: ' ', primaryColor: '#0f5e59' } },
    ],
    [
      'a studio logo that is a script URL',
      {
        collection: 'studio',
        value: { name: 'S', primaryColor: '#0f5e59', logo: 'javascript:alert(1)' },
      },
    ],
    [
      'a studio logo too large for the database',
      {
        collection: 'studio',
        value: {
          name: 'S',
          primaryColor: '#0f5e59',
          logo: `data:image/png;base64,${'A'.repeat(60_000)}`,
        },
      },
    ],
    [
      'a studio field it does not have',
      { collection: 'studio', value: { name: 'S', primaryColor: '#0f5e59', fax: '1' } },
    ],
    ['deleting the studio', { collection: 'studio', value: null }],
    ['a shop product without a category', { collection: 'shopProduct', value: { Name: 'x' } }],
    [
      'a shop product in the tags node',
      { collection: 'shopProduct', category: 'TagsProducts', value: { Name: 'x' } },
    ],
    ['an unknown collection', { collection: 'Users', value: { Name: 'x' } }],
    ['an id that is a path', { collection: 'branches', id: 'a/b', value: { name: 'x' } }],
    ['a missing value', { collection: 'branches' }],
    ['a delete without an id', { collection: 'branches', value: null }],
  ])('rejects %s as invalid-argument with the issues', async (_label, data) => {
    const before = await dump(backend.db);

    const error = await rejectionOf(saveCatalogItem.run(callableRequest(data, admin)));

    expect(error.code).toBe('invalid-argument');
    expect(error.details).toMatchObject({ messageKey: 'invalidInput' });
    expect((error.details as { params: { issues: string } }).params.issues).not.toBe('');
    expect(await dump(backend.db)).toEqual(before);
  });

  it('names the failing field in the issue list', async () => {
    const error = await rejectionOf(
      saveCatalogItem.run(
        callableRequest({ collection: 'packages', value: { ...validPackage, price: -1 } }, admin),
      ),
    );

    expect((error.details as { params: { issues: string } }).params.issues).toContain('price');
  });

  it('answers not-found when deleting an item that does not exist', async () => {
    const before = await dump(backend.db);

    const error = await rejectionOf(
      saveCatalogItem.run(
        callableRequest({ collection: 'coaches', id: 'ghost', value: null }, admin),
      ),
    );

    expect(error.code).toBe('not-found');
    expect(await dump(backend.db)).toEqual(before);
  });

  it.each<[string, Caller | null, string]>([
    ['a guest', null, 'unauthenticated'],
    ['a member', { uid: 'm', claims: { role: 'member' } }, 'permission-denied'],
    ['a coach', { uid: 'c', claims: { role: 'coach' } }, 'permission-denied'],
    ['a caller without a role claim', { uid: 'n' }, 'permission-denied'],
  ])('refuses %s with %s', async (_label, caller, code) => {
    const before = await dump(backend.db);

    const error = await rejectionOf(
      saveCatalogItem.run(callableRequest({ collection: 'packages', value: validPackage }, caller)),
    );

    expect(error.code).toBe(code);
    expect(await dump(backend.db)).toEqual(before);
  });
});

describe('saveCatalogItem: deleting a seat layout', () => {
  const HOUR = 3_600_000;
  const smallRoom = {
    name: 'Small room',
    rows: 1,
    cols: 1,
    spots: { s1: { id: 's1', label: '1', row: 0, col: 0 } },
  };
  type ClassStatus = 'scheduled' | 'cancelled';

  function classOn(layout: string, startsAt: number, status: ClassStatus): StudioClass {
    return classSchema.parse({
      branch: 'b1',
      date: formatDate(startsAt),
      hour: formatHour(startsAt),
      startsAt,
      duration: 45,
      exercise: 'e1',
      coach: 'c1',
      layout,
      capacity: 1,
      status,
    });
  }

  /** A new layout and, seated on it, one class per entry starting `startsIn` ms from now. */
  async function layoutWithClasses(
    classes: readonly { startsIn: number; status?: ClassStatus }[],
  ): Promise<string> {
    const layoutId = await save({ collection: 'seatLayouts', value: smallRoom });
    const updates: Record<string, unknown> = {};
    classes.forEach(({ startsIn, status = 'scheduled' }, n) => {
      updates[paths.class(`${layoutId}-${n}`)] = classOn(layoutId, Date.now() + startsIn, status);
    });
    await backend.db.ref().update(updates);
    return layoutId;
  }

  it('refuses as failed-precondition with the count of upcoming classes, writing nothing', async () => {
    const layoutId = await layoutWithClasses([
      { startsIn: 2 * HOUR },
      { startsIn: 48 * HOUR },
      { startsIn: 72 * HOUR, status: 'cancelled' },
      { startsIn: -2 * HOUR },
    ]);
    const before = await dump(backend.db);

    const error = await rejectionOf(
      saveCatalogItem.run(
        callableRequest({ collection: 'seatLayouts', id: layoutId, value: null }, admin),
      ),
    );

    expect(error.code).toBe('failed-precondition');
    expect(error.details).toMatchObject({
      messageKey: 'layoutUsedByClasses',
      params: { count: 2 },
    });
    expect(await dump(backend.db)).toEqual(before);
  });

  it.each<[string, { startsIn: number; status?: ClassStatus }[]]>([
    ['no class', []],
    [
      'only past and cancelled classes',
      [{ startsIn: -HOUR }, { startsIn: -48 * HOUR }, { startsIn: 24 * HOUR, status: 'cancelled' }],
    ],
  ])('deletes a layout used by %s and audits it', async (_label, classes) => {
    const layoutId = await layoutWithClasses(classes);

    await save({ collection: 'seatLayouts', id: layoutId, value: null });

    expect(await valueAt(paths.seatLayout(layoutId))).toBeNull();
    const deleted = (await auditEntriesFor(paths.seatLayout(layoutId))).find(
      (entry) => entry.action === 'delete',
    );
    expect(deleted?.details).toEqual({ collection: 'seatLayouts', before: smallRoom });
  });

  it('counts a class as upcoming until the millisecond it starts', async () => {
    const layoutId = await layoutWithClasses([{ startsIn: HOUR }]);
    const { startsAt } = classSchema.parse(await valueAt(paths.class(`${layoutId}-0`)));
    const command: SaveCatalogItemCommand = {
      by: 'admin-caller',
      collection: 'seatLayouts',
      id: layoutId,
      value: null,
    };

    await expect(
      saveCatalogItemHandler({ db: backend.db, now: () => startsAt - 1 }, command),
    ).rejects.toMatchObject({ code: 'failed-precondition', messageKey: 'layoutUsedByClasses' });
    const atStart = await saveCatalogItemHandler({ db: backend.db, now: () => startsAt }, command);

    expect(atStart.action).toBe('delete');
    expect(await valueAt(paths.seatLayout(layoutId))).toBeNull();
  });

  describe('with a branch in its own database instance', () => {
    const BRANCH_INSTANCE = 'catalogue-branch';
    const command = (collection: 'branches' | 'seatLayouts', id: string, value: unknown) =>
      ({ by: 'admin-caller', collection, id, value }) as SaveCatalogItemCommand;
    // Fresh lookups (a deployed instance trusts its own for a minute).
    const deps = () => ({
      db: backend.db,
      now: Date.now,
      instances: studioInstances(backend.db),
    });

    it('keeps the instance a branch names when the screens save it, and refuses another', async () => {
      await backend.db
        .ref(paths.branch('chain-north'))
        .set({ name: 'North', active: true, databaseInstance: BRANCH_INSTANCE });

      await saveCatalogItemHandler(
        deps(),
        command('branches', 'chain-north', { name: 'North Side', active: true }),
      );
      expect(await valueAt(paths.branch('chain-north'))).toEqual({
        name: 'North Side',
        active: true,
        databaseInstance: BRANCH_INSTANCE,
      });

      const before = await dump(backend.db);
      await expect(
        saveCatalogItemHandler(
          deps(),
          command('branches', 'chain-north', {
            name: 'North',
            active: true,
            databaseInstance: 'elsewhere',
          }),
        ),
      ).rejects.toMatchObject({ code: 'invalid-argument', messageKey: 'invalidInput' });
      expect(await dump(backend.db)).toEqual(before);
    });

    it('does not delete a layout an upcoming class in the branch instance uses', async () => {
      await backend.db
        .ref(paths.branch('chain-south'))
        .set({ name: 'South', active: true, databaseInstance: BRANCH_INSTANCE });
      const layoutId = 'chain-room';
      await backend.db.ref(paths.seatLayout(layoutId)).set(smallRoom);
      const branch = openInstance(backend.db, BRANCH_INSTANCE);
      await branch
        .ref(paths.class('chain-class'))
        .set(classOn(layoutId, Date.now() + 2 * HOUR, 'scheduled'));

      await expect(
        saveCatalogItemHandler(deps(), command('seatLayouts', layoutId, null)),
      ).rejects.toMatchObject({
        code: 'failed-precondition',
        messageKey: 'layoutUsedByClasses',
        params: { count: 1 },
      });
      expect(await valueAt(paths.seatLayout(layoutId))).toEqual(smallRoom);
    });
  });
});
