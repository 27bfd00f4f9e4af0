import { describe, expect, it } from 'vitest';
import { detectFile, looksLikeHeaderRow } from './headers';
import { GENERIC_TEMPLATE } from './sources';

describe('detectFile', () => {
  it.each([
    [
      'a Mindbody client export',
      [
        'Client ID',
        'First Name',
        'Last Name',
        'Email',
        'Mobile Phone',
        'Home Phone',
        'Birth Date',
        'Send Promotional Emails',
        'Liability Release Date',
      ],
      'mindbody',
      'members',
    ],
    [
      'a Mindbody pricing-option export',
      ['Client ID', 'Client', 'Pricing Option', 'Remaining', 'Expiration Date'],
      'mindbody',
      'balances',
    ],
    [
      'a Mindbody visit export',
      ['Client ID', 'Visit Date', 'Visit Time', 'Class Name', 'Signed In', 'Late Cancelled'],
      'mindbody',
      'visits',
    ],
    [
      'a Mariana Tek credit report',
      [
        'Customer ID',
        'Credit Package ID',
        'Credit Package Name',
        'Credits Remaining',
        'Expiration Date',
      ],
      'marianatek',
      'balances',
    ],
    [
      'a Momence customer list',
      ['Member ID', 'First name', 'Last name', 'Email', 'Phone number', 'Email marketing'],
      'momence',
      'members',
    ],
    [
      'a Glofox client download',
      ['Member ID', 'First Name', 'Last Name', 'Email', 'Phone', 'Receive Marketing', 'Added'],
      'glofox',
      'members',
    ],
  ] as const)('recognises %s', (_, headers, source, entity) => {
    const detection = detectFile(headers, { source });
    expect(detection.entity).toBe(entity);
    expect(detection.missing).toEqual([]);
  });

  it('maps the Mindbody client columns to our fields', () => {
    const detection = detectFile(
      ['Client ID', 'First Name', 'Last Name', 'Email', 'Mobile Phone', 'Notes'],
      {
        source: 'mindbody',
      },
    );
    expect(detection.columns).toEqual({ id: 0, firstName: 1, lastName: 2, email: 3, mobile: 4 });
    expect(detection.unmapped).toEqual(['Notes']);
  });

  it('reads our own template from any source guess', () => {
    const detection = detectFile(Object.values(GENERIC_TEMPLATE.balances));
    expect(detection.entity).toBe('balances');
    expect(detection.missing).toEqual([]);
  });

  it('lists what an unknown header leaves missing', () => {
    const detection = detectFile(['Socio', 'Correo'], { source: 'mindbody', entity: 'members' });
    expect(detection.missing).toEqual(['id', 'email', 'firstName']);
  });

  it('takes the admin mapping over the known names, and a column set to none stays out', () => {
    const detection = detectFile(['Socio', 'Correo', 'Nombre completo', 'Email'], {
      source: 'mindbody',
      entity: 'members',
      manual: {
        mindbody: {
          members: { socio: 'id', correo: 'email', nombrecompleto: 'fullName', email: null },
        },
      },
    });
    expect(detection.columns).toEqual({ id: 0, email: 1, fullName: 2 });
    expect(detection.missing).toEqual([]);
  });
});

describe('looksLikeHeaderRow', () => {
  it.each([
    [['Client ID', 'Email'], true],
    [['only one'], false],
    [['', ''], false],
    [['123', '456'], false],
  ])('%j → %s', (headers, expected) => {
    expect(looksLikeHeaderRow(headers)).toBe(expected);
  });
});
