// Push ids for REST POST: 8 characters of timestamp, then 12 random characters that
// are incremented when two ids fall in the same millisecond, so ids sort in creation order.
import { randomInt } from 'node:crypto';

const PUSH_CHARS = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

export function createPushIdGenerator(): (now: number) => string {
  let lastTime = -1;
  const lastRandom: number[] = new Array<number>(12).fill(0);
  return (now: number): string => {
    const duplicateTime = now === lastTime;
    lastTime = now;
    const timeChars: string[] = new Array<string>(8);
    let time = now;
    for (let i = 7; i >= 0; i--) {
      timeChars[i] = PUSH_CHARS.charAt(time % 64);
      time = Math.floor(time / 64);
    }
    if (!duplicateTime) {
      for (let i = 0; i < 12; i++) lastRandom[i] = randomInt(64);
    } else {
      let i = 11;
      for (; i >= 0 && lastRandom[i] === 63; i--) lastRandom[i] = 0;
      if (i >= 0) lastRandom[i] = (lastRandom[i] ?? 0) + 1;
    }
    return timeChars.join('') + lastRandom.map((n) => PUSH_CHARS.charAt(n)).join('');
  };
}
