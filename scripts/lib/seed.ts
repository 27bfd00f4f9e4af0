// The demo data: the studio's branding (Ritmo Studio, Monterrey: its logo, cover
// and typeface), accounts of every role with Mexican names (password studio123), one branch, two
// seat layouts, three exercises with their pictures, four coaches with portraits and bios,
// classes for the next 14 days, packages of every kind, the subscription price pair and the
// WELCOME10 coupon. The pictures are uploaded to the Storage emulator (demo-pictures.ts). Every
// record is parsed with its core schema before it is written, so the demo data is always data
// the app accepts.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getDatabase } from 'firebase-admin/database';
import {
  addDays,
  adminFlagForRole,
  branchSchema,
  classSchema,
  coachSchema,
  couponSchema,
  creditEntrySchema,
  DEFAULT_SETTINGS,
  directoryEntryOf,
  exerciseSchema,
  formatDate,
  ledgerEntry,
  ledgerEntrySchema,
  packageSchema,
  paths,
  seatLayoutSchema,
  studioSchema,
  suscriptionPriceSchema,
  toEpoch,
  userSchema,
  type CreditEntry,
  type LedgerEntry,
  type Role,
  type SeatSpot,
} from '@studio/core';
import { uploadDemoPictures } from './demo-pictures.ts';
import { writeDemoHistory, type DemoHistoryResult } from './demo-history.ts';
import { CHAIN_BRANCH_ID, CHAIN_SLOTS, seedChainBranch, type DemoSlot } from './seed-chain.ts';
import { DESK_DEMO_ACCOUNTS } from './seed-desk.ts';
import { demoPlanUpdates } from './seed-plans.ts';
import { STRIPE_SANDBOX_SECRETS } from './stack.ts';

export const DEMO_PASSWORD = 'studio123';

/** Members 2 … 20 of the demo studio, by number: people of Monterrey. */
const MEMBER_NAMES = [
  'Sofía Treviño',
  'Andrea Martínez',
  'José Luis Hernández',
  'Fernanda Rodríguez',
  'Alejandro Sánchez',
  'Daniela Ramírez',
  'Jorge Castillo',
  'Paola Guerra',
  'Ricardo Montemayor',
  'Regina Zambrano',
  'Emilio de la Garza',
  'Ximena Salazar',
  'Santiago Leal',
  'Camila Villanueva',
  'Héctor Cavazos',
  'Valentina Ríos',
  'Andrés Medina',
  'Renata Chapa',
  'Mauricio Tamez',
] as const;

interface DemoAccount {
  uid: string;
  email: string;
  name: string;
  role: Role;
  credits: number;
  waiverAccepted: boolean;
  description: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    uid: 'demo-admin',
    email: 'admin@demo.studio',
    name: 'Ana Villarreal',
    role: 'admin',
    credits: 0,
    waiverAccepted: true,
    description: 'admin (every admin screen)',
  },
  {
    uid: 'demo-coach',
    email: 'coach@demo.studio',
    name: 'Carlos Garza',
    role: 'coach',
    credits: 0,
    waiverAccepted: true,
    description: 'coach (class lists, attendance)',
  },
  ...DESK_DEMO_ACCOUNTS,
  {
    uid: 'demo-member',
    email: 'member@demo.studio',
    name: 'Mariana López',
    role: 'member',
    credits: 10,
    waiverAccepted: true,
    description: 'member with 10 credits',
  },
  ...Array.from({ length: 19 }, (_, index): DemoAccount => {
    const n = index + 2;
    return {
      uid: `demo-member${n}`,
      email: `member${n}@demo.studio`,
      name: MEMBER_NAMES[index]!,
      role: 'member',
      credits: 5,
      waiverAccepted: true,
      description: n === 2 ? 'member2 … member20: 5 credits each' : '',
    };
  }),
  {
    uid: 'demo-newbie',
    email: 'newbie@demo.studio',
    name: 'Nicolás Herrera',
    role: 'member',
    credits: 0,
    waiverAccepted: false,
    description: 'no credits, waiver not accepted',
  },
];

/** The local project's bucket, as scripts/lib/stack.ts names it for the emulators. */
const demoBucket = () => process.env.STORAGE_BUCKET_URL ?? 'demo-studio.firebasestorage.app';
export const BRANCH_ID = 'centro';
const DAY_MS = 24 * 60 * 60 * 1000;

function gridSpots(
  rows: number,
  cols: number,
  skip: (row: number, col: number) => boolean,
  kind?: SeatSpot['kind'],
) {
  const spots: Record<string, SeatSpot> = {};
  let n = 0;
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      if (skip(row, col)) continue;
      n++;
      const id = `s${n}`;
      spots[id] = { id, label: String(n), row, col, ...(kind ? { kind } : {}) };
    }
  }
  return spots;
}

/** The download URLs of the demo pictures, by `slot/name` (demo-pictures.ts). */
type DemoPictureUrls = Record<string, string>;

function picture(urls: DemoPictureUrls, key: string): string {
  const url = urls[key];
  if (url === undefined) throw new Error(`no demo picture ${key}`);
  return url;
}

function catalogue(urls: DemoPictureUrls) {
  const layouts = {
    bikes: seatLayoutSchema.parse({
      name: 'Cycling room (20 bikes)',
      rows: 5,
      cols: 5,
      // The instructor's podium takes the middle of the front row and the doors the back
      // corners: 20 bikes, one for each seat of the classes below (capacity 20).
      spots: gridSpots(
        5,
        5,
        (row, col) =>
          (row === 0 && col !== 0 && col !== 4) || (row === 4 && (col === 0 || col === 4)),
        'bike',
      ),
      features: {
        podium: { kind: 'podium', row: 0, col: 1, width: 3 },
        doorLeft: { kind: 'door', row: 4, col: 0 },
        doorRight: { kind: 'door', row: 4, col: 4 },
      },
    }),
    mats: seatLayoutSchema.parse({
      name: 'Studio (12 mats)',
      rows: 4,
      cols: 4,
      // The mirror runs along the front wall; twelve mats face it.
      spots: gridSpots(4, 4, (row) => row === 0, 'mat'),
      features: { mirror: { kind: 'mirror', row: 0, col: 0, width: 4 } },
    }),
  };
  const exercises = {
    cycling: exerciseSchema.parse({
      name: 'Cycling',
      description:
        'Indoor cycling to the beat: climbs, sprints and a cool-down, in the dark with the music up. ' +
        'Your bike is set for you; bring water.',
      duration: 45,
      color: '#e4572e',
      img: picture(urls, 'classType/cycling'),
    }),
    yoga: exerciseSchema.parse({
      name: 'Yoga',
      description:
        'Vinyasa flow for every level: breath, strength and balance, with an easier and a harder way ' +
        'into every pose. Mats are here.',
      duration: 60,
      color: '#17bebb',
      img: picture(urls, 'classType/yoga'),
    }),
    hiit: exerciseSchema.parse({
      name: 'HIIT',
      description:
        'Fifty minutes of intervals: strength, cardio and core in short rounds, scaled to you. ' +
        'You will sweat.',
      duration: 50,
      color: '#ffc914',
      img: picture(urls, 'classType/hiit'),
    }),
  };
  const coaches = {
    carlos: coachSchema.parse({
      name: 'Carlos Garza',
      uid: 'demo-coach',
      bio:
        'Raced on the track for Nuevo León before he started coaching indoor rides ten years ago. ' +
        'Expect climbs, sprints to the beat and a cool-down you will thank him for.',
      img: picture(urls, 'coach/carlos'),
      specialities: ['Cycling', 'HIIT'],
    }),
    lucia: coachSchema.parse({
      name: 'Lucía Flores',
      bio:
        'Certified yoga teacher (RYT 500), trained in Mérida and Rishikesh. Her classes pair ' +
        'steady breathing with strength, and every pose has an easier and a harder way in.',
      img: picture(urls, 'coach/lucia'),
      specialities: ['Vinyasa yoga', 'Mobility'],
    }),
    valeria: coachSchema.parse({
      name: 'Valeria Cantú',
      bio:
        'Strength and conditioning coach, former volleyball player for the UANL Tigres. She ' +
        'keeps HIIT honest: good form first, then speed.',
      img: picture(urls, 'coach/valeria'),
      specialities: ['HIIT', 'Strength'],
    }),
    diego: coachSchema.parse({
      name: 'Diego Elizondo',
      bio:
        'Rides his bike up the Chipinque road every Sunday and brings that climb to class. ' +
        'Playlists from cumbia to house.',
      img: picture(urls, 'coach/diego'),
      specialities: ['Cycling', 'Endurance'],
    }),
  };
  const packages = {
    'credits-1': packageSchema.parse({
      kind: 'single',
      name: 'Single class',
      credits: 1,
      price: 1500,
      currency: 'USD',
      validityDays: 30,
      order: 0,
    }),
    'credits-5': packageSchema.parse({
      kind: 'credits',
      name: '5 classes',
      credits: 5,
      price: 6500,
      currency: 'USD',
      validityDays: 60,
      order: 1,
    }),
    'credits-10': packageSchema.parse({
      kind: 'credits',
      name: '10 classes',
      credits: 10,
      price: 12000,
      currency: 'USD',
      validityDays: 90,
      order: 2,
    }),
    'credits-20': packageSchema.parse({
      kind: 'credits',
      name: '20 classes',
      credits: 20,
      price: 22000,
      currency: 'USD',
      validityDays: 120,
      order: 3,
    }),
    'special-2': packageSchema.parse({
      kind: 'spcredits',
      name: 'Special event pass (2)',
      credits: 2,
      price: 4000,
      currency: 'USD',
      validityDays: 60,
      order: 4,
    }),
    'train-4': packageSchema.parse({
      kind: 'train-credits',
      name: 'Personal training (4 sessions)',
      credits: 4,
      price: 16000,
      currency: 'USD',
      validityDays: 60,
      order: 5,
    }),
  };
  return { layouts, exercises, coaches, packages };
}

/** Centro's three classes a day. */
const CENTRO_SLOTS: readonly DemoSlot[] = [
  { hour: '07:00', exercise: 'cycling', layout: 'bikes', capacity: 20, coach: 'carlos' },
  { hour: '12:30', exercise: 'yoga', layout: 'mats', capacity: 12, coach: 'lucia' },
  { hour: '19:00', exercise: 'hiit', layout: 'bikes', capacity: 20, coach: 'carlos' },
];

/**
 * `slots` every day for 14 days from today (studio time) at `branch`; a branch other than
 * Centro ends its class ids with its own id.
 */
export function schedule(now: number, branch = BRANCH_ID, slots = CENTRO_SLOTS) {
  const today = formatDate(now);
  const durations = { cycling: 45, yoga: 60, hiit: 50 };
  const suffix = branch === BRANCH_ID ? '' : `-${branch}`;
  const classes: Record<string, unknown> = {};
  for (let day = 0; day < 14; day++) {
    const date = addDays(today, day);
    for (const slot of slots) {
      const id = `${date.replaceAll('-', '')}-${slot.hour.replace(':', '')}-${slot.exercise}${suffix}`;
      classes[id] = classSchema.parse({
        branch,
        date,
        hour: slot.hour,
        startsAt: toEpoch(date, slot.hour),
        duration: durations[slot.exercise],
        exercise: slot.exercise,
        coach: slot.coach,
        layout: slot.layout,
        capacity: slot.capacity,
        creditKind: 'regular',
        status: 'scheduled',
        createdAt: now,
        createdBy: 'seed',
      });
    }
  }
  return classes;
}

function demoUser(account: DemoAccount, now: number, grant: boolean) {
  const count = grant ? account.credits : 0;
  const credits: Record<string, CreditEntry> = {};
  const ledger: Record<string, LedgerEntry> = {};
  for (let n = 1; n <= count; n++) {
    credits[`seed-${n}`] = creditEntrySchema.parse({
      kind: 'regular',
      source: 'seed',
      sourceId: 'demo-data',
      grantedAt: now,
      expiresAt: now + DEFAULT_SETTINGS.creditValidityDays * DAY_MS,
    });
  }
  if (count > 0) {
    // Written as adjustCredits writes a studio's grant (type adjust, reasonKey ledgerAdjust,
    // the words in `reason`), so the member's history names it (decision 113).
    ledger['seed-grant'] = ledgerEntrySchema.parse(
      ledgerEntry({
        type: 'adjust',
        kind: 'regular',
        delta: count,
        reasonKey: 'ledgerAdjust',
        reason: 'Demo credits',
        creditIds: Object.keys(credits),
        sourceId: 'demo-data',
        at: now,
        by: 'system',
      }),
    );
  }
  const user = userSchema.parse({
    Name: account.name,
    Email: account.email,
    Img: '',
    Admin: adminFlagForRole(account.role),
    Conditions: account.waiverAccepted,
    Credits: count,
    'credits-list': credits,
    activeSuscription: false,
  });
  return { user, ledger };
}

/**
 * Creates the demo accounts in the Auth emulator in one batch (deleting earlier copies first).
 * A batch import, like a production user import, fires no account-creation trigger: the seed
 * writes the complete `Users` records itself, and 22 triggers at once would only load the
 * Functions emulator. `rawPassword` is the Auth emulator's way to import a known password.
 */
async function createAuthUsers(auth: Auth): Promise<void> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host)
    throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: seeding only targets the emulators.');
  await auth.deleteUsers(DEMO_ACCOUNTS.map((account) => account.uid));
  const response = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/projects/demo-studio/accounts:batchCreate`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify({
        users: DEMO_ACCOUNTS.map((account) => ({
          localId: account.uid,
          email: account.email,
          emailVerified: true,
          displayName: account.name,
          rawPassword: DEMO_PASSWORD,
          customAttributes: JSON.stringify({ role: account.role }),
        })),
      }),
    },
  );
  const body = (await response.json()) as { error?: unknown[] | { message: string } };
  if (!response.ok || (Array.isArray(body.error) && body.error.length > 0)) {
    throw new Error(`Creating the demo accounts failed: ${JSON.stringify(body)}`);
  }
}

/** The demo studio's brand and contact details (`Studio`), as an admin would fill admin-studio. */
function demoStudio(urls: DemoPictureUrls) {
  return studioSchema.parse({
    name: 'Ritmo Studio',
    logo: picture(urls, 'logo/ritmo'),
    cover: picture(urls, 'cover/ritmo'),
    primaryColor: '#5b2a86',
    typeface: 'energetic',
    address: 'Av. Constitución 100, Centro\n64000 Monterrey, N.L., México',
    mapUrl: 'https://www.openstreetmap.org/search?query=Av.%20Constituci%C3%B3n%20100%20Monterrey',
    hours: {
      en: 'Mon–Fri 06:00–21:00\nSat 08:00–14:00\nSun closed',
      es: 'Lun–Vie 06:00–21:00\nSáb 08:00–14:00\nDom cerrado',
    },
    phone: '+52 81 1234 5678',
    whatsapp: '+5218112345678',
    email: 'hola@ritmo.studio',
    social: {
      instagram: 'https://www.instagram.com/ritmo.studio',
      facebook: 'https://www.facebook.com/ritmo.studio',
      tiktok: 'https://www.tiktok.com/@ritmo.studio',
    },
    about: {
      en:
        'Ritmo is a boutique studio in the centre of Monterrey: cycling, yoga and strength in ' +
        'small classes, so every coach knows your name and your spot is saved for you.\n\n' +
        'Book from your phone, bring a friend with a single class, and come as you are.',
      es:
        'Ritmo es un estudio boutique en el centro de Monterrey: cycling, yoga y fuerza en clases ' +
        'pequeñas, para que cada coach sepa tu nombre y tu lugar esté guardado.\n\n' +
        'Reserva desde tu teléfono, trae a alguien con una clase individual y ven como eres.',
    },
  });
}

function seedApp(): App {
  const host = process.env.FIREBASE_DATABASE_EMULATOR_HOST;
  if (!host)
    throw new Error(
      'FIREBASE_DATABASE_EMULATOR_HOST is not set: seeding only targets the emulators.',
    );
  const name = `seed-${Date.now()}`;
  return initializeApp(
    {
      projectId: 'demo-studio',
      databaseURL: `http://${host}?ns=demo-studio-default-rtdb`,
      storageBucket: demoBucket(),
    },
    name,
  );
}

export async function isDatabaseEmpty(): Promise<boolean> {
  const app = seedApp();
  try {
    const snapshot = await getDatabase(app).ref(paths.settings()).get();
    return !snapshot.exists();
  } finally {
    await deleteApp(app);
  }
}

export interface SeedOptions {
  /**
   * Also write the studio's past weeks through the functions (demo-history.ts), paid through
   * the Stripe sandbox at `sandboxUrl`. Members then hold only what that past left them (no
   * "Demo credits" grant). Skipped when the database already has payments (a past written before).
   */
  history?: { sandboxUrl: string };
  /**
   * A chain: a second branch, Norte, whose classes live in a database instance of their own
   * (seed-chain.ts). `npm start` seeds it; the journeys keep one branch unless they ask.
   */
  chain?: boolean;
}

/**
 * Loads (or reloads) the demo data; other data in the database is left alone. Returns what the
 * history wrote, when it was asked for and written.
 */
export async function seedDemoData(
  now = Date.now(),
  options: SeedOptions = {},
): Promise<DemoHistoryResult | null> {
  const app = seedApp();
  try {
    const history =
      options.history !== undefined &&
      !(await getDatabase(app).ref(paths.payments()).limitToFirst(1).get()).exists()
        ? options.history
        : undefined;
    const [urls] = await Promise.all([
      uploadDemoPictures(app, demoBucket()),
      createAuthUsers(getAuth(app)),
    ]);

    const { layouts, exercises, coaches, packages } = catalogue(urls);
    const classes = schedule(now);
    const updates: Record<string, unknown> = {
      [paths.settings()]: DEFAULT_SETTINGS,
      [paths.studio()]: demoStudio(urls),
      [paths.branch(BRANCH_ID)]: branchSchema.parse({
        name: 'Centro',
        address: 'Av. Constitución 100, Monterrey',
      }),
      [paths.seatLayouts()]: layouts,
      [paths.exercises()]: exercises,
      [paths.coaches()]: coaches,
      [paths.packages()]: packages,
      [paths.classes()]: classes,
      [paths.suscriptionPrices()]: [
        suscriptionPriceSchema.parse({ key: 'discounted', Precio: 89 }),
        suscriptionPriceSchema.parse({ key: 'regular', Precio: 119 }),
      ],
      [paths.coupon('WELCOME10')]: couponSchema.parse({
        code: 'WELCOME10',
        percentOff: 10,
        description: '10 % off your first purchase',
        maxPerMember: 1,
        active: true,
      }),
    };
    Object.assign(updates, demoPlanUpdates());
    for (const classId of Object.keys(classes)) updates[paths.classRoster(classId)] = null;
    for (const account of DEMO_ACCOUNTS) {
      const { user, ledger } = demoUser(account, now, history === undefined);
      updates[paths.user(account.uid)] = user;
      // The admins' member directory, as bootstrapUser and the writers keep it.
      updates[paths.userDirectoryEntry(account.uid)] = {
        ...directoryEntryOf(user),
        createdAt: now,
      };
      updates[paths.creditLedger(account.uid)] = ledger;
      updates[paths.userClasses(account.uid)] = null;
      updates[paths.userWaitlist(account.uid)] = null;
    }
    if (options.chain)
      Object.assign(
        updates,
        await seedChainBranch(app, {
          classes: schedule(now, CHAIN_BRANCH_ID, CHAIN_SLOTS),
          coaches,
          uids: DEMO_ACCOUNTS.map((account) => account.uid),
        }),
      );
    else updates[paths.branch(CHAIN_BRANCH_ID)] = null;
    await getDatabase(app).ref().update(updates);
    if (history === undefined) return null;
    // The local Stripe sandbox's key (not a secret); the functions' own client reads it.
    process.env.STRIPE_SECRET_KEY ??= STRIPE_SANDBOX_SECRETS.STRIPE_SECRET_KEY;
    const { stripeClient } = await import('../../functions/src/triggers/payments/config.ts');
    return await writeDemoHistory({
      db: getDatabase(app),
      stripe: stripeClient({ ...process.env, STRIPE_API_URL: history.sandboxUrl }),
      sandboxUrl: history.sandboxUrl,
      // Members with a past: everyone but the newcomer, who has just signed up.
      members: DEMO_ACCOUNTS.filter((a) => a.role === 'member' && a.waiverAccepted).map(
        (a) => a.uid,
      ),
      coachUids: { carlos: 'demo-coach' },
      adminUid: 'demo-admin',
      extraMembers: 50,
      now,
    });
  } finally {
    await deleteApp(app);
  }
}
