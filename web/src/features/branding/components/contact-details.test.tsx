import { render, screen, within } from '@testing-library/react';
import type { Studio } from '@studio/core';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useLangStore } from '../../../lib/i18n';
import { AboutStudio } from './about-studio';
import { ContactDetails } from './contact-details';
import { studioPictureUrl } from '../../../../test/support/studio-pictures';

const LOGO = studioPictureUrl('studio/logo/abcdef/384.webp');

const studio: Studio = {
  name: 'Pulso Studio',
  primaryColor: '#7a1fa2',
  address: 'Av. Vasconcelos 150\nSan Pedro Garza García',
  mapUrl: 'https://maps.google.com/?q=Pulso+Studio',
  hours: { en: 'Mon–Fri 06:00–21:00', es: 'Lun–Vie 06:00–21:00' },
  phone: '+52 (81) 1234-5678',
  whatsapp: '+5218112345678',
  email: 'hola@pulso.studio',
  social: { instagram: 'https://instagram.com/pulso', tiktok: 'https://tiktok.com/@pulso' },
  about: { en: 'Small classes.\n\nCoaches who know your name.', es: 'Clases pequeñas.' },
};

const href = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

describe('contact details', () => {
  it('links the address to the map, the phone to tel:, WhatsApp to wa.me and the e-mail to mailto:', () => {
    render(<ContactDetails studio={studio} />);
    expect(screen.getByText(/Av\. Vasconcelos 150/).tagName).toBe('ADDRESS');
    expect(href('Open in Maps')).toBe(studio.mapUrl);
    expect(href(/^Call/)).toBe('tel:+528112345678');
    expect(href(/^WhatsApp/)).toBe('https://wa.me/5218112345678');
    expect(href(/^E-mail/)).toBe('mailto:hola@pulso.studio');
    expect(screen.getByText('Mon–Fri 06:00–21:00')).toBeTruthy();
    const social = within(screen.getByRole('region', { name: 'Follow us' }));
    expect(social.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Instagram',
      'TikTok',
    ]);
    expect(social.getByRole('link', { name: 'Instagram' }).getAttribute('rel')).toContain(
      'noopener',
    );
  });

  it('shows the hours in Spanish to a Spanish reader, and the other language when one is missing', () => {
    useLangStore.setState({ lang: 'es' });
    const { rerender } = render(<ContactDetails studio={studio} />);
    expect(screen.getByText('Lun–Vie 06:00–21:00')).toBeTruthy();
    rerender(<ContactDetails studio={{ ...studio, hours: { en: 'Daily 07:00–20:00' } }} />);
    expect(screen.getByText('Daily 07:00–20:00')).toBeTruthy();
  });

  it('says what the admin has not filled in instead of leaving gaps', () => {
    render(<ContactDetails studio={null} />);
    expect(screen.getByText('The studio has not published its address yet.')).toBeTruthy();
    expect(screen.getByText(/Opening hours are not published yet/)).toBeTruthy();
    expect(screen.getByText('No phone or e-mail yet')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Follow us' })).toBeNull();
  });

  it('keeps the cards’ place while the studio loads, hidden from screen readers', () => {
    const { container } = render(<ContactDetails studio={undefined} />);
    expect(container.querySelector('.contact-grid')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelectorAll('.contact-card')).toHaveLength(3);
  });
});

describe('about the studio', () => {
  function renderAbout(value: Studio | null | undefined) {
    const location = memoryLocation({ path: '/tabs/sobre-nosotros' });
    return render(
      <Router hook={location.hook}>
        <AboutStudio studio={value} fallbackText="Built-in text." contactHref="/tabs/contacto" />
      </Router>,
    );
  }

  it("tells the studio's story in paragraphs, with its name and a way to contact it", () => {
    renderAbout({ ...studio, logo: LOGO });
    expect(screen.getByText('Small classes.')).toBeTruthy();
    expect(screen.getByText('Coaches who know your name.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Pulso Studio logo' }).getAttribute('src')).toBe(LOGO);
    expect(href('Contact us')).toBe('/tabs/contacto');
  });

  it('falls back to the built-in text until the admin writes one', () => {
    renderAbout(null);
    expect(screen.getByText('Built-in text.')).toBeTruthy();
  });
});
