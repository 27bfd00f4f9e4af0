import type { Lang } from '@studio/core';

/** A catalogue of texts: for each language, one text per key. */
export type Messages<K extends string> = Readonly<Record<Lang, Readonly<Record<K, string>>>>;

/** The keys of a catalogue made by `defineMessages`. */
export type MessageKeyOf<M> = M extends Messages<infer K> ? K : never;

/**
 * Declares a catalogue, both languages side by side. `en` sets the keys and `es` must have
 * exactly the same ones: a key missing from `es`, or one `en` does not have, is a type error.
 */
export function defineMessages<const En extends Readonly<Record<string, string>>>(catalogue: {
  readonly en: En;
  readonly es: NoInfer<{ readonly [K in keyof En]: string }>;
}): Messages<Extract<keyof En, string>> {
  return catalogue;
}
