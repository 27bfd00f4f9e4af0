import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HOSTILE_PICTURE_URLS, studioPictureUrl } from '../../../test/support/studio-pictures';
import { Avatar, initialsOf } from './avatar';
import { Badge } from './badge';
import { Button, buttonClass } from './button';
import { Card } from './card';
import { EmptyState } from './empty-state';
import { IconButton } from './icon-button';
import { Skeleton } from './skeleton';

describe('Button', () => {
  it('is a non-submitting button in the chosen look', () => {
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <Button variant="danger" size="s">
          Delete
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.className).toBe('button button-danger button-s');
    fireEvent.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('blocks clicks and says it is busy while its action runs', () => {
    const onClick = vi.fn();
    render(
      <Button busy onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('gives links the same look', () => {
    expect(buttonClass({ variant: 'secondary', block: true })).toBe(
      'button button-secondary button-block',
    );
    expect(buttonClass()).toBe('button button-primary');
  });
});

describe('IconButton', () => {
  it('is named by its label, not by its icon', () => {
    render(<IconButton label="Delete class" icon="×" />);
    expect(screen.getByRole('button', { name: 'Delete class' })).toBeTruthy();
  });
});

describe('Avatar', () => {
  it("shows a photo from the studio's storage with the name as its text", () => {
    const src = studioPictureUrl('members/ana/avatar/abcdef/192.webp');
    render(<Avatar name="Ana López" src={src} />);
    expect(screen.getByRole('img', { name: 'Ana López' }).getAttribute('src')).toBe(src);
  });

  it('shows a base64 inline photo too, but never an svg one', () => {
    const src = 'data:image/png;base64,iVBORw0KGgo=';
    render(<Avatar name="Lucía Flores" src={src} />);
    expect(screen.getByRole('img', { name: 'Lucía Flores' }).getAttribute('src')).toBe(src);
    cleanup();
    render(<Avatar name="Lucía Flores" src="data:image/svg+xml;base64,PHN2Zy8+" />);
    expect(screen.getByRole('img', { name: 'Lucía Flores' }).textContent).toBe('LF');
  });

  it.each(HOSTILE_PICTURE_URLS)('shows initials, loading nothing, for %s', (src) => {
    const { container } = render(<Avatar name="Ana María López" src={src} />);
    expect(screen.getByRole('img', { name: 'Ana María López' }).textContent).toBe('AM');
    expect(container.querySelector('img')).toBeNull();
  });

  it('has initials for any name', () => {
    expect(initialsOf('  ')).toBe('?');
  });
});

describe('Badge, EmptyState and Skeleton', () => {
  it('renders a badge in its tone, an empty state with its action, and a hidden skeleton', () => {
    const { container } = render(
      <>
        <Badge tone="warning">Few spots left</Badge>
        <EmptyState
          title="No classes yet"
          description="Create the week from a template."
          action={<a href="/crear-clases">Create classes</a>}
        />
        <Skeleton lines={3} width="60%" />
      </>,
    );
    expect(screen.getByText('Few spots left').className).toBe('ui-badge ui-badge-warning');
    expect(screen.getByText('No classes yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create classes' })).toBeTruthy();
    const skeleton = container.querySelector('.ui-skeleton-lines');
    expect(skeleton?.getAttribute('aria-hidden')).toBe('true');
    expect(skeleton?.children).toHaveLength(3);
  });
});

describe('Card', () => {
  it('renders as the element asked for, with its title as a heading and its actions beside it', () => {
    render(
      <ul>
        <Card as="li" compact title="Cycling" actions={<button type="button">Edit</button>}>
          07:00 · Centro
        </Card>
      </ul>,
    );
    const item = screen.getByRole('listitem');
    expect(item.className).toBe('card ui-card ui-card-compact');
    expect(screen.getByRole('heading', { level: 2, name: 'Cycling' })).toBeTruthy();
    expect(item.textContent).toContain('07:00 · Centro');
  });
});
