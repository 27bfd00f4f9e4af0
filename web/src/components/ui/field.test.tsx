import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './field';

describe('Field', () => {
  it('names the control by its label and describes it by its hint', () => {
    render(
      <Field label="Price" hint="In pesos, without $">
        <input type="number" />
      </Field>,
    );
    const input = screen.getByRole('spinbutton', { name: 'Price' });
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByText('In pesos, without $').id);
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('marks the control invalid and describes it by the inline error too', () => {
    render(
      <Field label="Title" hint="Shown to members" error="Write a title" required>
        <input id="title" aria-describedby="outside" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: /Title/ });
    expect(input.id).toBe('title');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    const error = screen.getByText('Write a title');
    expect(input.getAttribute('aria-describedby')).toBe(`outside title-hint ${error.id}`);
  });

  it('shows no error paragraph for an empty error', () => {
    const { container } = render(
      <Field label="Name" error="">
        <input />
      </Field>,
    );
    expect(container.querySelector('.ui-field-error')).toBeNull();
    expect(
      screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-describedby'),
    ).toBeNull();
  });
});
