import { describe, expect, it } from 'vitest';
import { EMPTY_CLASS_FIELDS, createClassesRequest, rowState, templateRow } from './class-form';

const fields = {
  ...EMPTY_CLASS_FIELDS,
  branch: 'centro',
  exercise: 'cycling',
  coach: 'carlos',
  layout: 'bikes',
  hour: '07:00',
};
const oneDay = { mode: 'single' as const, date: '2026-12-01', from: '', until: '', weekdays: [] };

describe('guest seats per member on the class forms', () => {
  it('leaves the studio’s number when blank and sends the class’s own when given', () => {
    const blank = createClassesRequest(fields, oneDay);
    expect(blank.ok && blank.value).not.toHaveProperty('guestsPerMember');
    const two = createClassesRequest({ ...fields, guestsPerMember: '2' }, oneDay);
    expect(two.ok && two.value.guestsPerMember).toBe(2);
  });

  it('refuses a number out of bounds on the field', () => {
    const many = createClassesRequest({ ...fields, guestsPerMember: '11' }, oneDay);
    expect(many.ok ? {} : many.errors).toEqual({
      guestsPerMember: { key: 'fieldRange', params: { min: 0, max: 10 } },
    });
  });

  it('keeps a template row’s number through save and load', () => {
    const row = templateRow({ ...fields, guestsPerMember: '0', weekday: 3 });
    expect(row.ok && row.value.guestsPerMember).toBe(0);
    if (row.ok) expect(rowState(row.value).guestsPerMember).toBe('0');
  });
});
