import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ActionMenu } from './action-menu';

describe('ActionMenu', () => {
  it('opens, moves with the arrows, runs an item and gives focus back', () => {
    const edit = vi.fn();
    const cancel = vi.fn();
    render(
      <ActionMenu
        label="More actions for Yoga"
        items={[
          { label: 'Duplicate', onSelect: edit },
          { label: 'Cancel class', name: 'Cancel class Yoga', onSelect: cancel, danger: true },
        ]}
      />,
    );
    const trigger = screen.getByRole('button', { name: 'More actions for Yoga' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(trigger);
    const first = screen.getByRole('menuitem', { name: 'Duplicate' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    const danger = screen.getByRole('menuitem', { name: 'Cancel class Yoga' });
    expect(document.activeElement).toBe(danger);
    expect(danger.className).toContain('ui-menu-danger');
    fireEvent.click(danger);
    expect(cancel).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('closes on Escape', () => {
    render(<ActionMenu label="More" items={[{ label: 'One', onSelect: vi.fn() }]} />);
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    fireEvent.keyDown(screen.getByRole('menuitem', { name: 'One' }), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
