// Pictures through the real Storage SDK on the local stack: an admin uploads a coach's headshot
// on admin-coach (chosen, framed and resized to WebP in Chromium, stored in the Storage emulator
// under storage.rules), and a member sees it on the class sheet of that coach's class; a member
// uploads their own photo on their profile and sees it in the profile's header.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseStorageUrl, paths, pictureOf, type StudioClass } from '@studio/core';
import { STORAGE_BUCKET } from '../../scripts/lib/stack.ts';
import { openClass, SERVER, signedInPage, useJourney } from '../support/journey.ts';
import { gradientPng } from '../support/png.ts';

const journey = useJourney();
const STEP = 300_000;
const COACH = 'lucia';
const MEMBER = { uid: 'demo-member5', email: 'member5@demo.studio' };

async function soonestClassOf(coach: string): Promise<{ id: string; cls: StudioClass }> {
  const classes = (await journey.read(paths.classes())) as Record<string, StudioClass>;
  const found = Object.entries(classes)
    .filter(([, c]) => c.coach === coach && c.startsAt > Date.now() + 60 * 60 * 1000)
    .sort((a, b) => a[1].startsAt - b[1].startsAt)[0];
  if (!found) throw new Error(`no class of ${coach} ahead`);
  return { id: found[0], cls: found[1] };
}

describe('a coach headshot, uploaded by an admin and seen by a member', () => {
  let stored = '';

  it(
    'an admin uploads it on admin-coach: three WebP widths in Storage, the URL in Coaches',
    async () => {
      const admin: Page = await signedInPage(journey, 'admin@demo.studio');
      await admin.goto(`${journey.baseUrl}/admin-coach`);
      await admin.getByRole('button', { name: /^Edit Lucía/ }).click(SERVER);
      const form = admin.getByRole('form', { name: 'Add coachs' });
      await form.locator('.ui-picture-actions input[type="file"]:not([capture])').setInputFiles({
        name: 'lucia.png',
        mimeType: 'image/png',
        buffer: gradientPng(900, 700, [23, 190, 187], [91, 42, 134]),
      });
      await form.getByRole('application', { name: /Frame the picture/ }).waitFor();
      await form.getByRole('button', { name: 'Use this picture' }).click();
      await form.getByRole('button', { name: 'Remove picture' }).waitFor(SERVER);
      await form.getByRole('button', { name: 'Save' }).click();
      await admin.getByRole('status').filter({ hasText: 'Saved.' }).waitFor(SERVER);

      stored = (await journey.read(`${paths.coach(COACH)}/img`)) as string;
      const url = parseStorageUrl(stored);
      expect(url).toMatchObject({ bucket: STORAGE_BUCKET, origin: journey.stack.storage.url });
      const picture = pictureOf(url!.path);
      expect(picture).toMatchObject({ slot: 'coach', width: 512, extension: 'webp' });
      const response = await fetch(stored);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // A WebP file: RIFF….WEBP.
      const head = Buffer.from(await response.arrayBuffer())
        .subarray(0, 12)
        .toString('latin1');
      expect(head.startsWith('RIFF') && head.endsWith('WEBP')).toBe(true);
      // The narrower widths sit beside it, readable without a token (studio pictures are public).
      for (const width of [128, 256]) {
        const sibling = stored
          .replace('%2F512.webp', `%2F${width}.webp`)
          .replace(/&token=[^&]+/, '');
        expect((await fetch(sibling)).status).toBe(200);
      }
    },
    STEP,
  );

  it(
    "a member sees it on the class sheet of Lucía's class",
    async () => {
      const { cls } = await soonestClassOf(COACH);
      const member = await signedInPage(journey, 'member@demo.studio');
      const detail = await openClass(journey, member, cls, 'Yoga');
      const photo = detail.locator('.coach-card img');
      await photo.waitFor(SERVER);
      await member.waitForFunction(
        (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
        await photo.elementHandle(),
      );
      const shown = await photo.evaluate((img) => (img as HTMLImageElement).currentSrc);
      const id = pictureOf(parseStorageUrl(stored)!.path)!.pictureId;
      expect(shown).toContain(`studio%2Fcoaches%2F${id}%2F`);
    },
    STEP,
  );

  it(
    'a member uploads their own photo on the profile: in their avatar folder, shown in the header',
    async () => {
      const member = await signedInPage(journey, MEMBER.email);
      await member.goto(`${journey.baseUrl}/tabs/profile-user/${MEMBER.uid}`);
      const field = member.locator('.ui-field').filter({ hasText: 'Your photo' });
      await field.locator('input[type="file"]:not([capture])').setInputFiles({
        name: 'me.png',
        mimeType: 'image/png',
        buffer: gradientPng(600, 800, [240, 170, 120], [60, 40, 110]),
      });
      await field.getByRole('application', { name: /Frame the picture/ }).waitFor(SERVER);
      await field.getByRole('button', { name: 'Use this picture' }).click();
      await member.getByText('Photo saved.').waitFor(SERVER);

      const img = (await journey.read(`${paths.user(MEMBER.uid)}/Img`)) as string;
      const url = parseStorageUrl(img);
      expect(url).toMatchObject({ bucket: STORAGE_BUCKET, origin: journey.stack.storage.url });
      expect(pictureOf(url!.path)).toMatchObject({ slot: 'avatar', width: 192, extension: 'webp' });
      expect(url!.path.startsWith(`members/${MEMBER.uid}/avatar/`)).toBe(true);
      const header = member.locator('.profile-hero img.profile-avatar');
      await header.waitFor(SERVER);
      await member.waitForFunction(
        (element) =>
          element instanceof HTMLImageElement && element.complete && element.naturalWidth === 192,
        await header.elementHandle(),
      );
      expect(await header.getAttribute('src')).toBe(img);
    },
    STEP,
  );
});
