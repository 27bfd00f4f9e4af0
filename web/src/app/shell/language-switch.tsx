import type { Lang } from '@studio/core';
import { useId } from 'react';
import { isLang, LANGS, useLangStore, useT } from '../../lib/i18n';
import type { ShellKey } from '../../lib/ui-messages';

const LANG_NAMES: Readonly<Record<Lang, ShellKey>> = { en: 'langEnglish', es: 'langSpanish' };

export function LanguageSwitch({ onChange }: { onChange: (lang: Lang) => void }) {
  const t = useT();
  const id = useId();
  const lang = useLangStore((state) => state.lang);
  return (
    <div className="language-switch">
      <label htmlFor={id} className="visually-hidden">
        {t('language')}
      </label>
      <select
        id={id}
        value={lang}
        onChange={(event) => {
          if (isLang(event.target.value)) onChange(event.target.value);
        }}
      >
        {LANGS.map((option) => (
          <option key={option} value={option} lang={option}>
            {t(LANG_NAMES[option])}
          </option>
        ))}
      </select>
    </div>
  );
}
