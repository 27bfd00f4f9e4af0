import { act, fireEvent, render, screen } from '@testing-library/react';
import type { StudioInput } from '@studio/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakePictureUpload } from '../../../../test/fakes/fake-picture-upload';
import { restoreImagePipeline, stubImagePipeline } from '../../../../test/support/image-pipeline';
import { CallableRefusal } from '../../../lib/callable-errors';
import type { AdminStudioApi } from '../api/admin-studio-api';
import { AdminStudioScreen } from './admin-studio-form';

function fakeApi(stored: unknown, refuse = false) {
  const saves: StudioInput[] = [];
  const pictures = createFakePictureUpload();
  const api: AdminStudioApi = {
    watchStudio: (onChange) => {
      onChange(stored);
      return () => undefined;
    },
    uploadPicture: pictures.upload,
    saveStudio: (studio) => {
      saves.push(studio);
      return refuse
        ? Promise.reject(new CallableRefusal('permission-denied', 'permissionDenied'))
        : Promise.resolve();
    },
  };
  return { api, saves, uploads: pictures.uploads };
}

const input = (label: string | RegExp) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(input(label), { target: { value } });
/** Submits, then lets the save's promise settle. */
const save = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await act(() => Promise.resolve());
};

describe('admin-studio', () => {
  afterEach(restoreImagePipeline);

  it('starts from the stored studio and saves the whole form, leaving out what is empty', async () => {
    const { api, saves } = fakeApi({
      name: 'Pulso',
      primaryColor: '#0f5e59',
      phone: '+52 81 1234 5678',
      social: { instagram: 'https://instagram.com/pulso' },
    });
    render(<AdminStudioScreen api={api} />);
    expect(input(/^Studio name/).value).toBe('Pulso');
    expect(input('Instagram').value).toBe('https://instagram.com/pulso');

    type(/^Colour code/, '#7A1FA2');
    type('Opening hours (Spanish)', 'Lun–Vie 06:00–21:00');
    type('Phone', '');
    await save();

    expect(saves).toEqual([
      {
        name: 'Pulso',
        primaryColor: '#7a1fa2',
        hours: { es: 'Lun–Vie 06:00–21:00' },
        social: { instagram: 'https://instagram.com/pulso' },
      },
    ]);
    expect(screen.getByRole('status').textContent).toMatch(/^Saved/);
  });

  it('shows the colour live, with its contrast, and refuses one too light to read on white', async () => {
    const { api, saves } = fakeApi(null);
    render(<AdminStudioScreen api={api} />);
    const preview = screen.getByRole('group', { name: 'Preview' });
    type(/^Colour code/, '#c2185b');
    expect(
      preview
        .querySelector<HTMLElement>('.brand-preview-light')
        ?.style.getPropertyValue('--preview-primary'),
    ).toBe('#c2185b');
    expect(screen.getByText(/^Reads well on white: .* \(contrast 5\.\d\d:1\)\.$/)).toBeTruthy();

    type(/^Colour code/, '#ffd700');
    await save();

    expect(saves).toEqual([]);
    expect(input(/^Colour code/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(/^Too light: 1\.\d\d:1 on white/).length).toBeGreaterThan(0);
    expect(screen.getByRole('alert').textContent).toMatch(/Some fields need a change/);
  });

  it('offers colours that read on white as named swatches, the code following the pick', () => {
    const { api } = fakeApi(null);
    render(<AdminStudioScreen api={api} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Teal' }));
    expect(input(/^Colour code/).value).toBe('#0f5e59');
    expect(screen.getByRole('radio', { name: 'Teal' })).toHaveProperty('checked', true);
    expect(screen.queryByText(/#rrggbb/)).toBeNull();
  });

  it('puts each bad field’s message under it and sends nothing', async () => {
    const { api, saves } = fakeApi(null);
    render(<AdminStudioScreen api={api} />);
    type(/^Studio name/, ' ');
    type('WhatsApp', '+52 81 1234');
    type('Map link', 'maps.google.com');
    type('E-mail', 'hola@');
    await save();

    expect(saves).toEqual([]);
    for (const [label, message] of [
      [/^Studio name/, /Enter the studio’s name/],
      ['WhatsApp', /international number/],
      ['Map link', /full https:\/\/ address/],
      ['E-mail', /e-mail address such as/],
    ] as const) {
      const field = input(label);
      expect(field.getAttribute('aria-invalid'), String(label)).toBe('true');
      const described = field.getAttribute('aria-describedby') ?? '';
      const texts = described.split(' ').map((id) => document.getElementById(id)?.textContent);
      expect(texts.some((text) => text !== undefined && message.test(text ?? ''))).toBe(true);
    }
  });

  it('uploads a cover framed 16:9 and saves its URL with the chosen typeface', async () => {
    stubImagePipeline(3000, 2000);
    const { api, saves, uploads } = fakeApi({ name: 'Pulso', primaryColor: '#0f5e59' });
    render(<AdminStudioScreen api={api} />);
    const cover = screen.getByText('Cover picture').closest('.ui-field')!;
    const file = cover.querySelector<HTMLInputElement>('input[type="file"]:not([capture])')!;
    fireEvent.change(file, {
      target: { files: [new File([new Uint8Array(4096)], 'studio.jpg', { type: 'image/jpeg' })] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Use this picture' }));
    await screen.findByRole('button', { name: 'Remove picture' });
    fireEvent.click(screen.getByRole('radio', { name: /^Editorial/ }));
    await save();

    expect(uploads).toEqual([
      {
        slot: 'cover',
        widths: [640, 1280, 1920],
        types: ['image/webp', 'image/webp', 'image/webp'],
      },
    ]);
    expect(saves).toEqual([
      {
        name: 'Pulso',
        primaryColor: '#0f5e59',
        cover:
          'http://127.0.0.1:9199/v0/b/demo-studio.firebasestorage.app/o/studio%2Fcover%2Ffake1pic%2F1920.webp?alt=media&token=token-1',
        typeface: 'editorial',
      },
    ]);
  });

  it('says why the server refused', async () => {
    const { api } = fakeApi(null, true);
    render(<AdminStudioScreen api={api} />);
    await save();
    expect(screen.getByRole('alert').textContent).toBe('You do not have permission to do this.');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
