/**
 * Bytes the calendar week view downloads from the database with a year of classes stored: the
 * database emulator with the project's rules and the built app on free ports (local-site.ts), a
 * studio catalogue and a year of classes written with the admin SDK, and Debian's Chromium
 * opening `calendario` as a guest. Chromium's DevTools protocol reports every websocket frame
 * and HTTP response; the database's are summed and attributed to the paths they carry.
 */
import type { StudioClass } from '@studio/core';
import {
  addDays,
  branchSchema,
  classSchema,
  coachSchema,
  DEFAULT_SETTINGS,
  exerciseSchema,
  formatDate,
  paths,
  toEpoch,
} from '@studio/core';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import { launchBrowser } from '../../tests/support/browser.ts';
import { serveDist, startDatabase } from './local-site.ts';

export interface CalendarBytes {
  classesStored: number;
  classesShown: number;
  /** Database websocket payload received by the page, all paths. */
  received: number;
  sent: number;
  /** Database REST responses (the SDK only uses them for long polling, which is off locally). */
  rest: number;
  byPath: Record<string, number>;
  /** The app files the page transferred (HTML, scripts, styles, icons), compressed. */
  assets: number;
  /** Errors the page logged (Lighthouse's best-practices audit counts them). */
  consoleErrors: string[];
}

/** A busy studio day: six classes, a year of them around today. */
const SLOTS = [
  { hour: '06:00', exercise: 'cycling', coach: 'carlos', duration: 45, capacity: 20 },
  { hour: '07:00', exercise: 'hiit', coach: 'carlos', duration: 50, capacity: 20 },
  { hour: '09:00', exercise: 'yoga', coach: 'lucia', duration: 60, capacity: 12 },
  { hour: '12:30', exercise: 'yoga', coach: 'lucia', duration: 60, capacity: 12 },
  { hour: '18:00', exercise: 'cycling', coach: 'carlos', duration: 45, capacity: 20 },
  { hour: '19:00', exercise: 'hiit', coach: 'lucia', duration: 50, capacity: 20 },
] as const;
const DAYS_BEFORE = 182;
const DAYS = 365;
/** The page is measured until it has been quiet this long (no database frame). */
const QUIET_MS = 3_000;

function yearOfClasses(now: number): Record<string, StudioClass> {
  const first = addDays(formatDate(now), -DAYS_BEFORE);
  const classes: Record<string, StudioClass> = {};
  for (let day = 0; day < DAYS; day++) {
    const date = addDays(first, day);
    for (const slot of SLOTS) {
      const id = `${date.replaceAll('-', '')}-${slot.hour.replace(':', '')}-${slot.exercise}`;
      classes[id] = classSchema.parse({
        branch: 'centro',
        date,
        hour: slot.hour,
        startsAt: toEpoch(date, slot.hour),
        duration: slot.duration,
        exercise: slot.exercise,
        coach: slot.coach,
        layout: slot.capacity === 20 ? 'bikes' : 'mats',
        capacity: slot.capacity,
        creditKind: 'regular',
        status: 'scheduled',
        createdAt: now,
        createdBy: 'bench',
      });
    }
  }
  return classes;
}

/** The catalogue the week view reads and a year of classes, written as an admin would. */
async function loadYear(databaseUrl: string, now: number): Promise<number> {
  const app = initializeApp({ projectId: 'demo-studio', databaseURL: databaseUrl }, 'bench-year');
  try {
    const db = getDatabase(app);
    await db.ref().update({
      [paths.settings()]: DEFAULT_SETTINGS,
      [paths.branch('centro')]: branchSchema.parse({ name: 'Centro', address: 'Monterrey' }),
      [paths.exercise('cycling')]: exerciseSchema.parse({ name: 'Cycling', duration: 45 }),
      [paths.exercise('yoga')]: exerciseSchema.parse({ name: 'Yoga', duration: 60 }),
      [paths.exercise('hiit')]: exerciseSchema.parse({ name: 'HIIT', duration: 50 }),
      [paths.coach('carlos')]: coachSchema.parse({ name: 'Carlos Garza' }),
      [paths.coach('lucia')]: coachSchema.parse({ name: 'Lucía Flores' }),
    });
    const entries = Object.entries(yearOfClasses(now));
    // A few hundred classes per update keeps each write message a moderate size.
    for (let start = 0; start < entries.length; start += 500) {
      const batch: Record<string, StudioClass> = {};
      for (const [id, cls] of entries.slice(start, start + 500)) batch[paths.class(id)] = cls;
      await db.ref().update(batch);
    }
    return entries.length;
  } finally {
    await deleteApp(app);
  }
}

interface WireMessage {
  t?: string;
  d?: { r?: number; a?: string; b?: { p?: string } };
}

const topLevel = (path: string) => path.replace(/^\//, '').split('/')[0] || '(root)';

/**
 * Attributes database frames to the top-level node they are about (`Classes`, `Settings`…):
 * pushes name their path, replies name the request (`r`) whose path the client sent, and a
 * message the server splits into frames is announced by a frame holding the frame count.
 */
class FrameTopics {
  private readonly requests = new Map<number, string>();
  private pending: { left: number; text: string; bytes: number } | null = null;

  sent(payload: string): void {
    const message = this.parse(payload);
    const path = message?.d?.b?.p;
    if (message?.d?.r !== undefined && typeof path === 'string') {
      this.requests.set(message.d.r, topLevel(path));
    }
  }

  /** The topic of a complete received message, or null while a split one is incomplete. */
  received(payload: string, bytes: number): { topic: string; bytes: number } | null {
    if (this.pending) {
      this.pending.text += payload;
      this.pending.bytes += bytes;
      this.pending.left -= 1;
      if (this.pending.left > 0) return null;
      const whole = this.pending;
      this.pending = null;
      return { topic: this.topic(whole.text), bytes: whole.bytes };
    }
    if (/^\d+$/.test(payload)) {
      this.pending = { left: Number(payload), text: '', bytes };
      return null;
    }
    return { topic: this.topic(payload), bytes };
  }

  private topic(payload: string): string {
    const message = this.parse(payload);
    if (!message) return '(unparsed)';
    if (message.t === 'c') return '(handshake)';
    const path = message.d?.b?.p;
    if (typeof path === 'string') return topLevel(path);
    const request = message.d?.r;
    if (request !== undefined) return this.requests.get(request) ?? '(replies)';
    return '(control)';
  }

  private parse(payload: string): WireMessage | null {
    try {
      return JSON.parse(payload) as WireMessage;
    } catch {
      return null;
    }
  }
}

export async function measureCalendarBytes(log: (line: string) => void): Promise<CalendarBytes> {
  const database = await startDatabase();
  const site = await serveDist(database.port);
  const browser = await launchBrowser();
  try {
    const classesStored = await loadYear(database.adminUrl, Date.now());
    log(`  ${classesStored} classes stored`);

    const context = await browser.newContext({ viewport: { width: 412, height: 860 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const databasePort = `:${database.port}`;
    const databaseSockets = new Set<string>();
    const databaseRequests = new Set<string>();
    const topics = new FrameTopics();
    const result: CalendarBytes = {
      classesStored,
      classesShown: 0,
      received: 0,
      sent: 0,
      rest: 0,
      byPath: {},
      assets: 0,
      consoleErrors: [],
    };
    page.on('console', (message) => {
      if (message.type() === 'error') result.consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => result.consoleErrors.push(error.message));
    let lastFrame = Date.now();
    cdp.on('Network.webSocketCreated', ({ requestId, url }) => {
      if (url.includes(databasePort)) databaseSockets.add(requestId);
    });
    cdp.on('Network.webSocketFrameReceived', ({ requestId, response }) => {
      if (!databaseSockets.has(requestId)) return;
      const bytes = Buffer.byteLength(
        response.payloadData,
        response.opcode === 2 ? 'base64' : 'utf8',
      );
      result.received += bytes;
      const message = topics.received(response.payloadData, bytes);
      if (message) {
        result.byPath[message.topic] = (result.byPath[message.topic] ?? 0) + message.bytes;
      }
      lastFrame = Date.now();
    });
    cdp.on('Network.webSocketFrameSent', ({ requestId, response }) => {
      if (!databaseSockets.has(requestId)) return;
      result.sent += Buffer.byteLength(response.payloadData);
      topics.sent(response.payloadData);
    });
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
      if (request.url.includes(databasePort)) databaseRequests.add(requestId);
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      if (databaseRequests.has(requestId)) result.rest += encodedDataLength;
      else result.assets += encodedDataLength;
    });

    await page.goto(`${site.url}/tabs/calendario/choose/user`);
    // Attached, not visible: this week's days before today are in the page but folded away.
    await page.locator('.class-item').first().waitFor({ state: 'attached', timeout: 60_000 });
    while (Date.now() - lastFrame < QUIET_MS) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    result.classesShown = await page.locator('.class-item').count();
    await context.close();
    return result;
  } finally {
    await browser.close();
    await site.stop();
    await database.stop();
  }
}
