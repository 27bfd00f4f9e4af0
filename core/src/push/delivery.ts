// When a push goes (docs/architecture/push.md#quiet-hours): at once, held until the member's
// quiet hours end, or not at all. Pure: the sender passes the clock, the zone and the member's
// quiet hours it read at send time.
import type { PushKind, PushQuietHours } from '../schemas/push';
import { addDays, formatDate, formatHour, toEpoch } from '../time';

/** A push whose moment to act comes before the quiet hours end plus this goes at once. */
export const URGENT_MARGIN_MS = 60 * 60_000;

export type PushTiming = { send: true } | { send: false; holdUntil: number } | { drop: string };

/** The end of the quiet hours that contain `nowMs`, or null when `nowMs` is outside them. */
export function quietHoursEnd(
  quiet: PushQuietHours,
  nowMs: number,
  timeZone: string,
): number | null {
  if (!quiet.enabled || quiet.from === quiet.to) return null;
  const hour = formatHour(nowMs, timeZone);
  const today = formatDate(nowMs, timeZone);
  const acrossMidnight = quiet.to < quiet.from;
  const inside = acrossMidnight
    ? hour >= quiet.from || hour < quiet.to
    : hour >= quiet.from && hour < quiet.to;
  if (!inside) return null;
  const endDay = acrossMidnight && hour >= quiet.from ? addDays(today, 1) : today;
  return toEpoch(endDay, quiet.to, timeZone);
}

/**
 * - Outside quiet hours: send.
 * - Inside: a spot offer is dropped (by morning the seat is someone else's; the in-app notice
 *   stays); a push whose `actBy` (the free-cancel deadline of a promotion, the start of a
 *   cancelled or moved class) falls before the quiet hours end + `URGENT_MARGIN_MS` is sent, as
 *   waiting would make it useless; anything else is held until the quiet hours end.
 */
export function pushTiming(input: {
  kind: PushKind;
  actBy?: number | undefined;
  nowMs: number;
  quiet: PushQuietHours;
  timeZone: string;
}): PushTiming {
  const end = quietHoursEnd(input.quiet, input.nowMs, input.timeZone);
  if (end === null) return { send: true };
  if (input.kind === 'spot-opened') return { drop: 'A spot offer in quiet hours is not held' };
  if (input.actBy !== undefined && input.actBy <= end + URGENT_MARGIN_MS) return { send: true };
  return { send: false, holdUntil: end };
}
