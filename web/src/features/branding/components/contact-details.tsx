import type { Studio } from '@studio/core';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useLangStore, useT } from '../../../lib/i18n';
import { mexicanPhoneText } from '../../../lib/phone';
import { brandingMessages } from '../branding-messages';
import { inLang, mailHref, socialLinks, telHref, whatsappHref } from '../contact-links';
import { ChatIcon, ClockIcon, MailIcon, PhoneIcon, PinIcon, SocialIcon } from './icons';
import '../branding.css';

const NOTHING_SAVED: Studio = { name: '', primaryColor: '#0f5e59' };

/** The cards' size while `Studio` loads, so nothing moves when it arrives. */
function ContactSkeleton() {
  return (
    <div className="contact-grid" aria-hidden="true">
      {[0, 1, 2].map((index) => (
        <div key={index} className="card ui-card contact-card">
          <Skeleton width="40%" height="1.5rem" />
          <Skeleton lines={3} />
        </div>
      ))}
    </div>
  );
}

function Address({ studio }: { studio: Studio }) {
  const t = useT(brandingMessages);
  return (
    <Card as="section" className="contact-card" aria-labelledby="contact-address-title">
      <h2 id="contact-address-title" className="contact-card-title">
        <PinIcon />
        {t('visitUs')}
      </h2>
      {studio.address ? (
        <address className="contact-address">{studio.address}</address>
      ) : (
        <p className="contact-muted">{t('noAddress')}</p>
      )}
      {studio.mapUrl && (
        <a
          className={buttonClass({ variant: 'secondary', size: 's' })}
          href={studio.mapUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('openInMaps')}
        </a>
      )}
    </Card>
  );
}

function Hours({ studio }: { studio: Studio }) {
  const t = useT(brandingMessages);
  const lang = useLangStore((state) => state.lang);
  const hours = inLang(studio.hours, lang);
  return (
    <Card as="section" className="contact-card" aria-labelledby="contact-hours-title">
      <h2 id="contact-hours-title" className="contact-card-title">
        <ClockIcon />
        {t('openingHours')}
      </h2>
      {hours ? (
        <p className="contact-hours">{hours}</p>
      ) : (
        <p className="contact-muted">{t('noHours')}</p>
      )}
    </Card>
  );
}

function Reach({ studio }: { studio: Studio }) {
  const t = useT(brandingMessages);
  const ways = [
    studio.phone && {
      key: 'call',
      icon: <PhoneIcon />,
      label: t('call'),
      value: mexicanPhoneText(studio.phone),
      href: telHref(studio.phone),
    },
    studio.whatsapp && {
      key: 'whatsapp',
      icon: <ChatIcon />,
      label: t('whatsapp'),
      value: mexicanPhoneText(studio.whatsapp),
      href: whatsappHref(studio.whatsapp),
      external: true,
    },
    studio.email && {
      key: 'email',
      icon: <MailIcon />,
      label: t('email'),
      value: studio.email,
      href: mailHref(studio.email),
    },
  ].filter((way) => way !== undefined && way !== '');
  return (
    <Card as="section" className="contact-card" aria-labelledby="contact-reach-title">
      <h2 id="contact-reach-title" className="contact-card-title">
        <PhoneIcon />
        {t('getInTouch')}
      </h2>
      {ways.length === 0 ? (
        <EmptyState title={t('noContact')} description={t('noContactText')} />
      ) : (
        <ul className="plain-list contact-actions">
          {ways.map(
            (way) =>
              way && (
                <li key={way.key}>
                  <a
                    className="contact-action"
                    href={way.href}
                    {...('external' in way ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  >
                    {way.icon}
                    <span className="contact-action-text">
                      <span className="contact-action-label">{way.label}</span>
                      <span className="contact-action-value">{way.value}</span>
                    </span>
                  </a>
                </li>
              ),
          )}
        </ul>
      )}
    </Card>
  );
}

/** Instagram, Facebook, TikTok…: the ones the studio has, as labelled round links. */
export function SocialLinks({ studio }: { studio: Studio }) {
  const t = useT(brandingMessages);
  const links = socialLinks(studio);
  if (links.length === 0) return null;
  return (
    <section className="contact-social" aria-labelledby="contact-social-title">
      <h2 id="contact-social-title" className="contact-section-title">
        {t('followUs')}
      </h2>
      <ul className="plain-list contact-social-list">
        {links.map(({ network, href }) => (
          <li key={network}>
            <a
              className="contact-social-link"
              href={href}
              target="_blank"
              rel="noopener noreferrer"
            >
              <SocialIcon network={network} />
              <span>{t(network)}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * contacto: where the studio is (with a map link), when it opens, how to call, message or write
 * to it, and its social links, from `Studio`. Each part the admin has not filled says so.
 */
export function ContactDetails({ studio }: { studio: Studio | null | undefined }) {
  if (studio === undefined) return <ContactSkeleton />;
  // Nothing saved yet: every card shows its empty state.
  const shown = studio ?? NOTHING_SAVED;
  return (
    <>
      <div className="contact-grid">
        <Address studio={shown} />
        <Hours studio={shown} />
        <Reach studio={shown} />
      </div>
      <SocialLinks studio={shown} />
    </>
  );
}
