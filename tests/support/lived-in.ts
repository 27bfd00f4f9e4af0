// The demo studio as its members live in it: on top of the demo data (scripts/lib/seed.ts), the
// demo member has booked spot 7 of a cycling or HIIT class 13 h or more ahead, which others have
// filled to "few spots left", and waits for a spot in a full yoga class; a later class is booked
// too, and another class with free spots is left for the booking flow. All through the real
// callables, as the app calls them. Behind it, the eight weeks `npm start` writes too
// (scripts/lib/demo-history.ts), so admin-insights has figures. The accessibility pass audits the
// screens in this state and the gallery (`npm run screenshots`) shows them.
import { paths, type SeatLayout, type StudioClass } from '@studio/core';
import { DEMO_PASSWORD, seedDemoData } from '../../scripts/lib/seed.ts';
import type { Journey } from './journey.ts';

const HOUR_MS = 60 * 60 * 1000;
const MEMBER = 'member@demo.studio';
/** member2 … member20 of the demo data (each holding at least 3 credits after the history). */
const OTHERS = Array.from({ length: 19 }, (_, index) => `member${index + 2}@demo.studio`);

export interface LivedIn {
  /** The member's booked class (spot 7), with four spots left. */
  booked: { id: string; cls: StudioClass };
  /** A full class the member waits for. */
  full: { id: string; cls: StudioClass };
  /** A class with free spots the member has not booked: the booking flow's. */
  open: { id: string; cls: StudioClass };
}

/** Books and queues as described above; returns the two classes the member's screens show. */
export async function liveIn(journey: Journey): Promise<LivedIn> {
  await seedDemoData(Date.now(), { history: { sandboxUrl: journey.stack.stripe.url } });
  const call = caller(journey);
  const classes = (await journey.read(paths.classes())) as Record<string, StudioClass>;
  // Far enough ahead that a slow run still books them (and cancels nothing).
  const upcoming = Object.entries(classes)
    .filter(([, cls]) => cls.startsAt > Date.now() + 3 * HOUR_MS)
    .sort((a, b) => a[1].startsAt - b[1].startsAt);
  // Outside the 12 h cancellation window, so its sheet offers a cancel with the credit back.
  const [bookedId, booked] = first(
    upcoming,
    (cls) => cls.exercise !== 'yoga' && cls.startsAt > Date.now() + 13 * HOUR_MS,
    'cycling or HIIT',
  );
  const [fullId, full] = first(upcoming, (cls) => cls.exercise === 'yoga', 'yoga');
  const [laterId] = first(
    upcoming,
    (cls) => cls.exercise !== 'yoga' && cls.date > booked.date,
    'a later cycling or HIIT',
  );

  const [openId, open] = first(
    upcoming.filter(([id]) => id !== bookedId && id !== laterId),
    (cls) => cls.exercise !== 'yoga' && cls.startsAt > Date.now() + 13 * HOUR_MS,
    'another cycling or HIIT',
  );

  const layout = (await journey.read(paths.seatLayout(booked.layout!))) as SeatLayout;
  const spots = Object.values(layout.spots);
  const seven = spots.find((spot) => spot.label === '7');
  if (!seven) throw new Error(`Layout ${booked.layout} has no spot 7`);
  await call(MEMBER, 'bookClass', { classId: bookedId, spot: seven.id });
  // Capacity 20: the member and 15 others leave 4, which the cards call "few spots left".
  const others = spots.filter((spot) => spot.id !== seven.id).slice(0, 15);
  for (const [index, spot] of others.entries()) {
    await call(OTHERS[index]!, 'bookClass', { classId: bookedId, spot: spot.id });
  }
  for (const email of OTHERS.slice(-full.capacity)) {
    await call(email, 'bookClass', { classId: fullId });
  }
  await call(MEMBER, 'joinWaitlist', { classId: fullId });
  await call(MEMBER, 'bookClass', { classId: laterId });
  return {
    booked: { id: bookedId, cls: booked },
    full: { id: fullId, cls: full },
    open: { id: openId, cls: open },
  };
}

function first(
  classes: [string, StudioClass][],
  accept: (cls: StudioClass) => boolean,
  what: string,
): [string, StudioClass] {
  const found = classes.find(([, cls]) => accept(cls));
  if (!found) throw new Error(`The demo data has no upcoming ${what} class`);
  return found;
}

/** A callable as the HTTPS protocol carries it, as the account `email` (one sign-in each). */
function caller(journey: Journey) {
  const tokens = new Map<string, string>();
  const token = async (email: string): Promise<string> => {
    const known = tokens.get(email);
    if (known !== undefined) return known;
    const response = await fetch(
      `http://127.0.0.1:${journey.stack.ports.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: DEMO_PASSWORD, returnSecureToken: true }),
      },
    );
    const { idToken } = (await response.json()) as { idToken: string };
    tokens.set(email, idToken);
    return idToken;
  };
  return async (email: string, name: string, data: unknown): Promise<void> => {
    const response = await fetch(journey.stack.functionUrl(name), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${await token(email)}`,
      },
      body: JSON.stringify({ data }),
      signal: AbortSignal.timeout(90_000),
    });
    if (!response.ok) {
      throw new Error(`${name} as ${email} refused: ${response.status} ${await response.text()}`);
    }
  };
}
