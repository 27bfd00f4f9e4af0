import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import type { Stack } from './support';
import { startStack } from './support';

let stack: Stack;
beforeEach(async () => {
  stack = await startStack();
});
afterEach(async () => {
  await stack.stop();
});

describe('customers', () => {
  it('creates a customer and retrieves the same Stripe-shaped object', async () => {
    const created = await stack.stripe.customers.create({
      email: 'member@demo.studio',
      name: 'Ana Member',
      metadata: { uid: 'uid-1' },
    });
    expect(created.id).toMatch(/^cus_[A-Za-z0-9]{24}$/);
    expect(created).toMatchObject({
      object: 'customer',
      email: 'member@demo.studio',
      name: 'Ana Member',
      metadata: { uid: 'uid-1' },
      livemode: false,
      balance: 0,
    });
    expect(created.created).toBeGreaterThan(1_600_000_000);
    expect(created.created).toBeLessThan(Date.now() / 1000 + 1);

    const retrieved = (await stack.stripe.customers.retrieve(created.id)) as Stripe.Customer;
    expect(retrieved.email).toBe('member@demo.studio');
    expect(retrieved.metadata).toEqual({ uid: 'uid-1' });
  });

  it('updates fields and unsets a metadata key sent empty', async () => {
    const created = await stack.stripe.customers.create({ metadata: { uid: 'u1', old: 'x' } });
    const updated = await stack.stripe.customers.update(created.id, {
      name: 'New Name',
      metadata: { old: '' },
    });
    expect(updated.name).toBe('New Name');
    expect(updated.metadata).toEqual({ uid: 'u1' });
    await stack.sandbox.idle();
    const types = stack.receiver.accepted().map((event) => event.type);
    expect(types).toEqual(['customer.created', 'customer.updated']);
    const update = stack.receiver.accepted()[1] as Stripe.CustomerUpdatedEvent;
    expect(update.data.previous_attributes?.name).toBeNull();
  });

  it('lists customers by exact email, newest first', async () => {
    const first = await stack.stripe.customers.create({ email: 'twin@demo.studio' });
    const second = await stack.stripe.customers.create({ email: 'twin@demo.studio' });
    await stack.stripe.customers.create({ email: 'other@demo.studio' });
    const page = await stack.stripe.customers.list({ email: 'twin@demo.studio' });
    expect(page.data.map((customer) => customer.id)).toEqual([second.id, first.id]);
    expect(page.has_more).toBe(false);
  });

  it('paginates with limit and starting_after', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await stack.stripe.customers.create({})).id);
    const firstPage = await stack.stripe.customers.list({ limit: 2 });
    expect(firstPage.data.map((customer) => customer.id)).toEqual([ids[2], ids[1]]);
    expect(firstPage.has_more).toBe(true);
    const secondPage = await stack.stripe.customers.list({ limit: 2, starting_after: ids[1] });
    expect(secondPage.data.map((customer) => customer.id)).toEqual([ids[0]]);
    expect(secondPage.has_more).toBe(false);
  });

  it('answers 404 resource_missing for an unknown customer', async () => {
    const error = await stack.stripe.customers
      .retrieve('cus_missing')
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      param: 'id',
      message: "No such customer: 'cus_missing'",
    });
  });

  it('deletes a customer, after which it retrieves as deleted', async () => {
    const created = await stack.stripe.customers.create({});
    const deleted = await stack.stripe.customers.del(created.id);
    expect(deleted).toMatchObject({ id: created.id, deleted: true });
    const retrieved = await stack.stripe.customers.retrieve(created.id);
    expect(retrieved.deleted).toBe(true);
  });
});
