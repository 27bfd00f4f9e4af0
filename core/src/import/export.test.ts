import { describe, expect, it } from 'vitest';
import { exportHeader } from './export';
import { IMPORT_ENTITIES } from './fields';
import { detectFile } from './headers';

describe('exportHeader', () => {
  it.each([
    [
      'members',
      'member_id,name,email,phone,birthday,emergency_contact_name,emergency_contact_phone,marketing_consent,waiver_signed_at',
    ],
    ['balances', 'balance_id,member_id,package,credits,expires,credit_kind'],
    [
      'memberships',
      'membership_id,member_id,plan,status,start_date,paid_through,next_billing,frozen_until',
    ],
    ['visits', 'visit_id,member_id,date,time,class,status'],
  ] as const)('names the %s columns in the order the lines write them', (entity, header) => {
    expect(exportHeader(entity)).toBe(`${header}\r\n`);
  });

  it.each(IMPORT_ENTITIES)('is read back as a generic %s file, every column taken', (entity) => {
    const headers = exportHeader(entity).trim().split(',');
    expect(detectFile(headers)).toMatchObject({
      source: 'generic',
      entity,
      missing: [],
      unmapped: [],
    });
  });
});
