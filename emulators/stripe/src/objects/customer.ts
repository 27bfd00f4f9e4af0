import { newId, nowSeconds } from './ids';
import type { CustomerObject } from './types';

export interface AddressFields {
  city: string | null;
  country: string | null;
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  state: string | null;
}

export interface CustomerFields {
  email: string | null;
  name: string | null;
  phone: string | null;
  description: string | null;
  address: AddressFields | null;
  preferred_locales: string[];
  metadata: Record<string, string>;
}

function invoicePrefix(): string {
  return newId('cus')
    .slice(4, 12)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, 'X');
}

export function buildCustomer(fields: CustomerFields): CustomerObject {
  return {
    id: newId('cus'),
    object: 'customer',
    address: fields.address,
    balance: 0,
    created: nowSeconds(),
    currency: null,
    customer_account: null,
    default_source: null,
    delinquent: false,
    description: fields.description,
    discount: null,
    email: fields.email,
    invoice_prefix: invoicePrefix(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: fields.metadata,
    name: fields.name,
    next_invoice_sequence: 1,
    phone: fields.phone,
    preferred_locales: fields.preferred_locales,
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}
