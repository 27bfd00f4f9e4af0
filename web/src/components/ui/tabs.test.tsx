import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SegmentedControl } from './segmented-control';
import { Tabs } from './tabs';

describe('Tabs', () => {
  const items = [
    { value: 'week', label: 'Week', content: <p>Week panel</p> },
    { value: 'list', label: 'List', content: <p>List panel</p> },
  ] as const;

  it('shows the first panel and moves with the arrow keys', async () => {
    render(<Tabs label="Views" items={items} />);
    expect(screen.getByRole('tablist', { name: 'Views' })).toBeTruthy();
    const week = screen.getByRole('tab', { name: 'Week' });
    expect(week.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Week panel');
    week.focus();
    fireEvent.keyDown(week, { key: 'ArrowRight' });
    const list = screen.getByRole('tab', { name: 'List' });
    // Radix moves focus in the next task and opens a tab when it gets focus.
    await waitFor(() => expect(document.activeElement).toBe(list));
    expect(list.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('List panel');
  });
});

describe('SegmentedControl', () => {
  function Views() {
    const [view, setView] = useState<'day' | 'week'>('day');
    return (
      <>
        <SegmentedControl
          label="View"
          value={view}
          onChange={setView}
          options={[
            { value: 'day', label: 'Day' },
            { value: 'week', label: 'Week' },
          ]}
        />
        <output>{view}</output>
      </>
    );
  }

  it('is a named group of radios and reports the choice', () => {
    render(<Views />);
    expect(screen.getByRole('group', { name: 'View' })).toBeTruthy();
    const day = screen.getByRole<HTMLInputElement>('radio', { name: 'Day' });
    expect(day.checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Week' }));
    expect(screen.getByRole('status').textContent).toBe('week');
    expect(day.checked).toBe(false);
  });
});
