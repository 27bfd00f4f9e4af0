import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeAdminCatalogApi } from '../../../../test/fakes/fake-admin-catalog-api';
import { coachesConfig } from '../catalog-configs';
import { CatalogEditor } from './catalog-editor';

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('admin-coach: the coach page’s fields', () => {
  it('saves photo, bio and specialities (comma-separated in the form, a list when stored)', async () => {
    const fake = createFakeAdminCatalogApi();
    render(<CatalogEditor api={fake.api} config={coachesConfig} />);
    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    type('Name', 'Lucía');
    type('Image URL', 'https://example.test/lucia.png');
    type('Bio', 'Rides since 2010.');
    type('Specialities (comma-separated)', 'Spinning, HIIT');

    await act(async () => {
      fireEvent.submit(screen.getByRole('form', { name: 'Add coachs' }));
      await Promise.resolve();
    });

    expect(fake.saves).toEqual([
      {
        collection: 'coaches',
        value: {
          name: 'Lucía',
          img: 'https://example.test/lucia.png',
          bio: 'Rides since 2010.',
          specialities: ['Spinning', 'HIIT'],
          active: true,
        },
      },
    ]);
  });
});
