import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakePictureUpload } from '../../../../test/fakes/fake-picture-upload';
import { restoreImagePipeline, stubImagePipeline } from '../../../../test/support/image-pipeline';
import { HOSTILE_PICTURE_URLS, studioPictureUrl } from '../../../../test/support/studio-pictures';
import { ProfilePhoto } from './profile-photo';

function fakeApi(refuse = false) {
  const pictures = createFakePictureUpload();
  const saved: (string | null)[] = [];
  return {
    saved,
    uploads: pictures.uploads,
    api: {
      uploadPicture: pictures.upload,
      savePhoto: (_uid: string, url: string | null) => {
        if (refuse) return Promise.reject(new Error('PERMISSION_DENIED'));
        saved.push(url);
        return Promise.resolve();
      },
    },
  };
}

function choose(file: File) {
  const field = screen.getByText('Your photo').closest('.ui-field')!;
  const input = field.querySelector<HTMLInputElement>('input[type="file"]:not([capture])')!;
  fireEvent.change(input, { target: { files: [file] } });
}

const JPEG = new File([new Uint8Array(4096)], 'me.jpg', { type: 'image/jpeg' });

describe("the member's photo on their profile", () => {
  afterEach(restoreImagePipeline);

  it('uploads it framed square into their own avatar folder and saves its URL as Img', async () => {
    stubImagePipeline(1200, 900);
    const { api, saved, uploads } = fakeApi();
    render(<ProfilePhoto api={api} uid="m1" img={undefined} />);
    choose(JPEG);
    fireEvent.click(await screen.findByRole('button', { name: 'Use this picture' }));

    expect(await screen.findByText('Photo saved.')).toHaveProperty('className', 'profile-saved');
    expect(uploads).toEqual([{ slot: 'avatar', widths: [192], types: ['image/webp'], uid: 'm1' }]);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toContain('/o/members%2Fm1%2Favatar%2F');
  });

  it('shows the stored photo and removes it', async () => {
    const { api, saved } = fakeApi();
    const own = studioPictureUrl('members/m1/avatar/abcdef/192.webp');
    const { container } = render(<ProfilePhoto api={api} uid="m1" img={own} />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe(own);
    fireEvent.click(screen.getByRole('button', { name: 'Remove picture' }));
    expect(await screen.findByText('Photo removed.')).toHaveProperty('className', 'profile-saved');
    expect(saved).toEqual([null]);
  });

  it.each(HOSTILE_PICTURE_URLS)('never draws %s', (url) => {
    const { api } = fakeApi();
    const { container } = render(<ProfilePhoto api={api} uid="m1" img={url} />);
    expect(container.querySelector('img')).toBeNull();
  });

  it('says so when the photo could not be saved', async () => {
    stubImagePipeline(800, 800);
    const { api } = fakeApi(true);
    render(<ProfilePhoto api={api} uid="m1" img={undefined} />);
    choose(JPEG);
    fireEvent.click(await screen.findByRole('button', { name: 'Use this picture' }));
    expect(await screen.findByText('The photo could not be saved. Try again.')).toBeTruthy();
    expect(screen.queryByText('Photo saved.')).toBeNull();
  });
});
