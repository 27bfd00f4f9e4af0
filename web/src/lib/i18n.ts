/**
 * The language the interface speaks and the one way to read texts in it: `useT(catalogue)`.
 *
 * Every `t` reads the product messages the server also sends (`@studio/core`'s catalogue) and the
 * web shell's own labels (`ui-messages.ts`); `useT(catalogue)` adds a feature's own catalogue,
 * declared with `defineMessages` beside the feature and imported where it is used, so its texts
 * load with that feature's chunk. Placeholders are filled by `formatMessage` (`{name}` and the
 * spec's `${name}`).
 */
import type { Lang, MessageKey, MessageParams } from '@studio/core';
import { LANGS, formatMessage, messages as productMessages } from '@studio/core';
import { useCallback } from 'react';
import { create } from 'zustand';
import type { Messages } from './define-messages';
import { LANG_STORAGE_KEY, readStorage, writeStorage } from './storage';
import type { ShellKey } from './ui-messages';
import { shellMessages } from './ui-messages';

export type { Lang, MessageParams };
export { LANGS };
export type { MessageKeyOf, Messages } from './define-messages';
export { defineMessages } from './define-messages';

/** The keys every `t` knows: the product messages and the shell's labels. */
export type BaseKey = MessageKey | ShellKey;

/** The keys a `t` made with a catalogue whose keys are `K` knows. */
export type TextKey<K extends string = never> = K | BaseKey;

/** A `t` for the base keys plus those of one feature catalogue (`K`). */
export type Translate<K extends string = never> = (
  key: TextKey<K>,
  params?: MessageParams,
) => string;

/** English is the default: it carries the spec's texts verbatim. */
export const DEFAULT_LANG: Lang = 'en';

interface LangState {
  lang: Lang;
  setLang: (lang: Lang) => void;
}

/**
 * The language last chosen on this device (decision 130): a guest keeps it across visits, and a
 * member is not shown English for the seconds before their profile's `Lang` loads.
 */
export function storedLang(): Lang {
  const stored = readStorage(LANG_STORAGE_KEY);
  return isLang(stored) ? stored : DEFAULT_LANG;
}

export const useLangStore = create<LangState>()((set) => ({
  lang: storedLang(),
  setLang: (lang) => {
    writeStorage(LANG_STORAGE_KEY, lang);
    set({ lang });
  },
}));

function lookUp(texts: Readonly<Record<string, string>> | undefined, key: string) {
  return texts && Object.hasOwn(texts, key) ? texts[key] : undefined;
}

/** The text for `key` in `lang`: the feature's catalogue first, then the shell's, then core's. */
export function translate<K extends string = never>(
  key: K | BaseKey,
  lang: Lang,
  params?: MessageParams,
  catalogue?: Messages<K>,
): string {
  const template =
    lookUp(catalogue?.[lang], key) ??
    lookUp(shellMessages[lang], key) ??
    productMessages[lang][key as MessageKey];
  return formatMessage(template, params);
}

/** The one translate hook: `t(key, params)` in the current language. */
export function useT<K extends string = never>(catalogue?: Messages<K>): Translate<K> {
  const lang = useLangStore((state) => state.lang);
  return useCallback(
    (key: K | BaseKey, params?: MessageParams) => translate(key, lang, params, catalogue),
    [lang, catalogue],
  );
}

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}
