import type { Lang } from '@studio/core';
import { useId } from 'react';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { LANGS, useLangStore, useT } from '../../../lib/i18n';
import { profileMessages } from '../profile-messages';

export interface LanguageSectionProps {
  /** Switches the language and keeps it on the profile (the shell's own switch does the same). */
  onChange: (lang: Lang) => void;
}

const LANG_NAMES: Readonly<Record<Lang, string>> = { en: 'English', es: 'Español' };

/** The profile's "Language" section: the header's language switch, as a setting. */
export function LanguageSection({ onChange }: LanguageSectionProps) {
  const t = useT(profileMessages);
  const titleId = useId();
  const lang = useLangStore((state) => state.lang);
  return (
    <section aria-labelledby={titleId} className="card ui-card profile-section">
      <h2 id={titleId} className="profile-section-title">
        {t('languageTitle')}
      </h2>
      <p className="profile-section-intro">{t('languageIntro')}</p>
      <SegmentedControl
        label={t('languageTitle')}
        options={LANGS.map((value) => ({ value, label: LANG_NAMES[value] }))}
        value={lang}
        onChange={onChange}
      />
    </section>
  );
}
