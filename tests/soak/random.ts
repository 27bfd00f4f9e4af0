// The soak's only source of chance: a seeded generator (mulberry32), so a seed replays the same
// schedule of operations and faults.
import { mulberry32 } from '../../scripts/lib/mulberry32.ts';

export interface Random {
  readonly seed: number;
  /** A float in [0, 1). */
  next(): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** An integer in [min, max]. */
  between(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** A value picked with the given weights (`[value, weight]` pairs, weights ≥ 0). */
  weighted<T>(choices: readonly (readonly [T, number])[]): T;
  shuffle<T>(items: T[]): T[];
  /** An independent generator, so one part's draws do not shift another's. */
  fork(label: string): Random;
}

/** FNV-1a of a label, to derive a fork's seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function seededRandom(seed: number): Random {
  const next = mulberry32(seed);
  const random: Random = {
    seed,
    next,
    chance: (p) => next() < p,
    between: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick(items) {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted(choices) {
      const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of choices) {
        roll -= weight;
        if (roll < 0) return value;
      }
      const last = choices[choices.length - 1];
      if (last === undefined) throw new Error('weighted pick from an empty list');
      return last[0];
    },
    shuffle(items) {
      for (let i = items.length - 1; i > 0; i -= 1) {
        const j = Math.floor(next() * (i + 1));
        [items[i], items[j]] = [
          items[j] as (typeof items)[number],
          items[i] as (typeof items)[number],
        ];
      }
      return items;
    },
    fork: (label) => seededRandom((seed ^ hash(label)) >>> 0),
  };
  return random;
}
