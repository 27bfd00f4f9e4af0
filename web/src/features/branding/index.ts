export type { StudioApi } from './api/studio-api';
export { firebaseStudioApi } from './api/firebase-studio-api';
export { useStudio } from './components/use-studio';
export { BrandingSync } from './components/branding-sync';
export { ContactDetails } from './components/contact-details';
export { AboutStudio } from './components/about-studio';
export { telHref, whatsappHref, mailHref } from './contact-links';
export { StudioBanner } from './components/studio-banner';
