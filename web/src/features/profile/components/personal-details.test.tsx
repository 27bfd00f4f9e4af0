import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLangStore } from '../../../lib/i18n';
import { LanguageSection } from './language-section';
import { detailsErrors, PersonalDetails } from './personal-details';

async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

function fakeApi(fail = false) {
  const saved: { Name: string; Phone: string | null }[] = [];
  return {
    saved,
    api: {
      saveDetails: (_uid: string, details: { Name: string; Phone: string | null }) => {
        if (fail) return Promise.reject(new Error('permission_denied'));
        saved.push(details);
        return Promise.resolve();
      },
    },
  };
}

const show = (api: ReturnType<typeof fakeApi>['api']) =>
  render(<PersonalDetails api={api} uid="m" name="Ana López" email="ana@demo.studio" phone="" />);

describe('personal details', () => {
  it('saves the trimmed name and phone, and no phone as none', async () => {
    const fake = fakeApi();
    show(fake.api);
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), {
      target: { value: '  Ana María López ' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Phone' }), {
      target: { value: '+52 (81) 1234-5678' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await settle();
    expect(fake.saved).toEqual([{ Name: 'Ana María López', Phone: '+52 (81) 1234-5678' }]);
    expect(screen.getByRole('status').textContent).toBe('Saved.');

    fireEvent.change(screen.getByRole('textbox', { name: 'Phone' }), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await settle();
    expect(fake.saved[1]).toEqual({ Name: 'Ana María López', Phone: null });
  });

  it('shows what is wrong under each field, marks it invalid and saves nothing', async () => {
    const fake = fakeApi();
    show(fake.api);
    const name = screen.getByRole('textbox', { name: /^Name/ });
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.change(phone, { target: { value: 'call me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await settle();
    expect(fake.saved).toEqual([]);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter your name.').id).toBe(
      name.getAttribute('aria-describedby')?.split(' ').at(-1),
    );
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText('Use digits, spaces and + ( ) - only, up to 40 characters.'),
    ).toBeTruthy();
  });

  it('shows the e-mail it signs in with, read-only', () => {
    show(fakeApi().api);
    const email = screen.getByRole<HTMLInputElement>('textbox', { name: 'E-mail' });
    expect(email.value).toBe('ana@demo.studio');
    expect(email.readOnly).toBe(true);
  });

  it('says so when the database refuses the save', async () => {
    show(fakeApi(true).api);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again.');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('applies the database rules’ bounds', () => {
    expect(detailsErrors('a'.repeat(100), '1'.repeat(40))).toEqual({});
    expect(detailsErrors('a'.repeat(101), '1'.repeat(41))).toEqual({
      Name: { key: 'nameTooLong', params: { max: 100 } },
      Phone: { key: 'phoneInvalid', params: { max: 40 } },
    });
  });
});

describe('language', () => {
  it('shows the language in use and switches it', () => {
    useLangStore.setState({ lang: 'en' });
    const chosen: string[] = [];
    render(<LanguageSection onChange={(lang) => chosen.push(lang)} />);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'English' }).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Español' }));
    expect(chosen).toEqual(['es']);
  });
});
