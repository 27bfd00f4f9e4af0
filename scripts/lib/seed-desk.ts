// The front desk's demo data, kept apart from seed.ts (which calls it): the staff account
// `desk@demo.studio`. Every record is parsed with its core schema before seed.ts writes it.
import type { Role } from '@studio/core';

/** A demo login as seed.ts creates it (password studio123). */
export interface DeskDemoAccount {
  uid: string;
  email: string;
  name: string;
  role: Role;
  credits: number;
  waiverAccepted: boolean;
  description: string;
}

export const DESK_DEMO_ACCOUNTS: DeskDemoAccount[] = [
  {
    uid: 'demo-desk',
    email: 'desk@demo.studio',
    name: 'Diana Elizondo',
    role: 'staff',
    credits: 0,
    waiverAccepted: true,
    description: 'front desk (check-in, kiosk, walk-ins, desk sales)',
  },
];
