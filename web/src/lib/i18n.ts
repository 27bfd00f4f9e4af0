/**
 * The language the interface speaks and the `useT()` hook that reads texts in it. Product texts
 * come from the shared catalogue in `@studio/core`; the few labels only the web shell needs
 * (screen-reader names of controls, update prompt) live in `ui-messages.ts` beside this file.
 */
import type { Lang, MessageKey, MessageParams } from '@studio/core';
import { LANGS, t as translateMessage } from '@studio/core';
import { useCallback } from 'react';
import { create } from 'zustand';
import { LANG_STORAGE_KEY, readStorage, writeStorage } from './storage';
import type { UiKey } from './ui-messages';
import { isUiKey, translateUi } from './ui-messages';

export type { Lang };
export { LANGS };
export type TextKey = MessageKey | UiKey;
export type Translate = (key: TextKey, params?: MessageParams) => string;

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

export function translate(key: TextKey, lang: Lang, params?: MessageParams): string {
  if (!isUiKey(key)) return translateMessage(key, lang, params);
  const template = translateUi(key, lang);
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = params[name];
    return value === undefined ? placeholder : String(value);
  });
}

export function useT(): Translate {
  const lang = useLangStore((state) => state.lang);
  return useCallback((key, params) => translate(key, lang, params), [lang]);
}

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}
