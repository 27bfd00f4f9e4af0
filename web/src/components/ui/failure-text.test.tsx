import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FailureText } from './failure-text';

describe('FailureText', () => {
  it('says why a call was refused, in words, as an alert', () => {
    render(<FailureText failure={{ key: 'internalError' }} />);
    expect(screen.getByRole('alert').textContent).not.toBe('');
    expect(screen.getByRole('alert').textContent).not.toContain('internalError');
  });

  it('shows nothing without a refusal', () => {
    const { container } = render(<FailureText failure={null} />);
    expect(container.innerHTML).toBe('');
  });
});
