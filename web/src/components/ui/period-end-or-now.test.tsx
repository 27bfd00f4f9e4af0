import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PeriodEndOrNow, type PeriodEndOrNowValue } from './period-end-or-now';

function When({ prorated }: { prorated?: boolean }) {
  const [when, setWhen] = useState<PeriodEndOrNowValue>('period-end');
  return (
    <>
      <PeriodEndOrNow prorated={prorated} value={when} onChange={setWhen} />
      <output>{when}</output>
    </>
  );
}

describe('PeriodEndOrNow', () => {
  it('names the group "When", starts at the period’s end and moves to now', () => {
    render(<When />);
    expect(screen.getByRole('group', { name: 'When' })).toBeTruthy();
    const end = screen.getByRole('radio', { name: 'At the end of the paid period' });
    expect((end as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Now' }));
    expect(screen.getByRole('status').textContent).toBe('now');
  });

  it('says a change now is prorated where the price difference is settled', () => {
    render(<When prorated />);
    expect(screen.getByRole('radio', { name: 'Now (prorated)' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Now' })).toBeNull();
  });
});
