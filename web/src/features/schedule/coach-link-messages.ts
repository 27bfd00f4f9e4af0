/** The link from a class to its coach's page (issue 20), English and Spanish. */
import { defineMessages } from '../../lib/i18n';

export const coachLinkMessages = defineMessages({
  en: { coachPage: 'About {coach}' },
  es: { coachPage: 'Sobre {coach}' },
});
