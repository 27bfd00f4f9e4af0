import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeAdminCatalogApi } from '../../../../test/fakes/fake-admin-catalog-api';
import { restoreImagePipeline, stubImagePipeline } from '../../../../test/support/image-pipeline';
import { coachesConfig } from '../catalog-configs';
import { CatalogEditor } from './catalog-editor';

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function chooseFile(file: File) {
  const input = screen.getByText('Choose a picture').querySelector('input')!;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('admin-coach: the coach page’s fields', () => {
  beforeEach(() => stubImagePipeline());
  afterEach(restoreImagePipeline);

  it('uploads a framed headshot at its widths and saves its download URL with bio and specialities', async () => {
    const fake = createFakeAdminCatalogApi();
    render(<CatalogEditor api={fake.api} config={coachesConfig} />);
    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    type('Name', 'Lucía');
    chooseFile(new File([new Uint8Array(2048)], 'lucia.jpg', { type: 'image/jpeg' }));
    await screen.findByRole('application', { name: /Frame the picture/ });
    fireEvent.click(screen.getByRole('button', { name: 'Use this picture' }));
    await screen.findByRole('button', { name: 'Remove picture' });
    type('Bio', 'Rides since 2010.');
    type('Specialities (comma-separated)', 'Spinning, HIIT');

    await act(async () => {
      fireEvent.submit(screen.getByRole('form', { name: 'Add coachs' }));
      await Promise.resolve();
    });

    expect(fake.uploads).toEqual([
      { slot: 'coach', widths: [128, 256, 512], types: ['image/webp', 'image/webp', 'image/webp'] },
    ]);
    expect(fake.saves).toEqual([
      {
        collection: 'coaches',
        value: {
          name: 'Lucía',
          img: 'http://127.0.0.1:9199/v0/b/demo-studio.firebasestorage.app/o/studio%2Fcoaches%2Ffake1pic%2F512.webp?alt=media&token=token-1',
          bio: 'Rides since 2010.',
          specialities: ['Spinning', 'HIIT'],
          active: true,
        },
      },
    ]);
  });

  it('says what is wrong with a file that is not a picture, and uploads nothing', async () => {
    const fake = createFakeAdminCatalogApi();
    render(<CatalogEditor api={fake.api} config={coachesConfig} />);
    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    chooseFile(new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That file is not a picture. Choose a JPEG, PNG or WebP photo.',
    );
    expect(fake.uploads).toEqual([]);
  });
});
