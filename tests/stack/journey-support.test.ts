// The journey helper every browser journey stands on: a demo member signs in through the app's
// own login form and lands on the home tab, and the owner read sees their record.
import { describe, expect, it } from 'vitest';
import { useJourney } from '../support/journey.ts';

const journey = useJourney();

describe('the browser journey helper', () => {
  it('signs a demo member in through the login form', async () => {
    const page = await journey.newPage();
    await journey.signIn(page, 'member@demo.studio');
    expect(page.url()).toContain('/tabs/inicio');
    const users = (await journey.read('Users')) as Record<string, { Email?: string }>;
    expect(Object.values(users).some((user) => user.Email === 'member@demo.studio')).toBe(true);
  });
});
