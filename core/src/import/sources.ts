/**
 * The column names each system's exports use, per kind of file, as our fields. Headers are
 * compared folded (`foldHeader`: lower case, accents and punctuation gone), so "First Name",
 * "first_name" and "FirstName" are one alias. Where each list comes from is in
 * docs/architecture/import.md#where-the-column-names-come-from; a column no list knows is
 * mapped by hand in the wizard (saved per source) or with the CLI's saved mapping.
 */
import type { FieldOf, ImportEntity, ImportSource } from './fields';

export type HeaderAliases = {
  readonly [E in ImportEntity]: Partial<Record<FieldOf<E>, readonly string[]>>;
};

/** Lower case, accents folded, anything but letters and digits removed. */
export function foldHeader(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Our own template (`npm run admin -- export` writes it; docs/architecture/import.md). */
export const GENERIC_TEMPLATE: {
  readonly [E in ImportEntity]: Partial<Record<FieldOf<E>, string>>;
} = {
  members: {
    id: 'member_id',
    fullName: 'name',
    email: 'email',
    phone: 'phone',
    birthday: 'birthday',
    emergencyName: 'emergency_contact_name',
    emergencyPhone: 'emergency_contact_phone',
    marketing: 'marketing_consent',
    waiverSignedAt: 'waiver_signed_at',
  },
  cards: {
    clientId: 'old_customer_id',
    stripeCustomer: 'stripe_customer_id',
    paymentMethod: 'stripe_payment_method_id',
  },
  balances: {
    id: 'balance_id',
    clientId: 'member_id',
    name: 'package',
    remaining: 'credits',
    expiresAt: 'expires',
    kind: 'credit_kind',
  },
  memberships: {
    id: 'membership_id',
    clientId: 'member_id',
    name: 'plan',
    status: 'status',
    startDate: 'start_date',
    paidThrough: 'paid_through',
    nextBilling: 'next_billing',
    resumesOn: 'frozen_until',
  },
  visits: {
    id: 'visit_id',
    clientId: 'member_id',
    date: 'date',
    time: 'time',
    className: 'class',
    status: 'status',
  },
};

function genericAliases<E extends ImportEntity>(entity: E): HeaderAliases[E] {
  return Object.fromEntries(
    Object.entries(GENERIC_TEMPLATE[entity]).map(([field, header]) => [
      field,
      [foldHeader(header as string)],
    ]),
  );
}

/**
 * Stripe's migration mapping, whatever system the members came from: the copy tool's file
 * (`customer_id_old`, `source_id_old`, `customer_id_new`, `source_id_new`) and the mapping of
 * imported cards to customers (`old_customer_id`, `stripe_customer_id`).
 */
const STRIPE_CARDS: HeaderAliases['cards'] = {
  clientId: ['customeridold', 'oldcustomerid', 'oldcustomer'],
  stripeCustomer: ['customeridnew', 'stripecustomerid', 'newcustomerid', 'stripecustomer'],
  paymentMethod: [
    'sourceidnew',
    'paymentmethodid',
    'stripepaymentmethodid',
    'paymentmethod',
    'cardidnew',
    'newcardid',
  ],
  oldCard: ['sourceidold', 'oldcardid', 'cardidold'],
};

const generic: HeaderAliases = {
  members: genericAliases('members'),
  cards: { ...STRIPE_CARDS, ...genericAliases('cards') },
  balances: genericAliases('balances'),
  memberships: genericAliases('memberships'),
  visits: genericAliases('visits'),
};

/**
 * Mindbody: the Data Export Service's client, pricing-option (client services), and visit
 * files, whose columns follow the business reports ("Client ID", "Pricing Option", "Remaining",
 * "Expiration Date", "Visit Date") and the Public API's model names (`FirstName`, `MobilePhone`,
 * `BirthDate`, `LiabilityAgreementDateTime`, `SendPromotionalEmails`, `ExpirationDate`,
 * `Remaining`, `StartDateTime`, `SignedIn`, `LateCancelled`).
 */
const mindbody: HeaderAliases = {
  cards: STRIPE_CARDS,
  members: {
    id: ['clientid', 'id', 'uniqueid', 'rssid', 'barcodeid'],
    firstName: ['firstname', 'first'],
    lastName: ['lastname', 'last'],
    fullName: ['client', 'clientname', 'name'],
    email: ['email', 'emailaddress', 'emaillogin'],
    mobile: ['mobilephone', 'cellphone', 'mobile', 'cell'],
    phone: ['homephone', 'phone', 'workphone'],
    birthday: ['birthdate', 'birthday', 'dateofbirth', 'dob'],
    emergencyName: ['emergencycontactname', 'emergcontactname', 'emergencycontactinfoname'],
    emergencyPhone: ['emergencycontactphone', 'emergcontactphone', 'emergencycontactinfophone'],
    marketing: ['sendpromotionalemails', 'promotionalemails', 'emailoptin', 'marketingoptin'],
    waiverSignedAt: [
      'liabilityreleasedate',
      'liabilityagreementdatetime',
      'liabilityagreementdate',
      'liabilityreleasesigned',
      'waiversigned',
    ],
  },
  balances: {
    id: ['clientserviceid', 'pricingoptionid', 'serviceid', 'id'],
    clientId: ['clientid', 'uniqueid'],
    name: ['pricingoption', 'pricingoptionname', 'service', 'servicename', 'name', 'series'],
    remaining: ['remaining', 'remainingvisits', 'visitsremaining', 'sessionsremaining', 'count'],
    expiresAt: ['expirationdate', 'expdate', 'expiration', 'expires'],
  },
  memberships: {
    id: ['clientcontractid', 'contractid', 'id'],
    clientId: ['clientid', 'payerclientid', 'uniqueid'],
    name: ['contractname', 'contract', 'membershipname', 'membership', 'name'],
    status: ['autopaystatus', 'contractstatus', 'status'],
    startDate: ['startdate', 'agreementdate'],
    paidThrough: ['paidthrough', 'paidthroughdate', 'enddate', 'expirationdate'],
    nextBilling: ['nextautopaydate', 'scheduledate', 'nextautopay', 'nextbillingdate'],
    resumesOn: ['suspensionenddate', 'suspendeduntil', 'resumedate'],
  },
  visits: {
    id: ['visitid', 'id'],
    clientId: ['clientid', 'uniqueid'],
    date: ['visitdate', 'classdate', 'startdatetime', 'date', 'visitdatetime'],
    time: ['visittime', 'classtime', 'time', 'starttime'],
    className: ['classname', 'class', 'visittype', 'name', 'servicename'],
    status: ['status', 'visitstatus'],
    signedIn: ['signedin', 'checkedin'],
    lateCancel: ['latecancelled', 'latecancel'],
    noShow: ['noshow', 'missed'],
  },
};

/**
 * Mariana Tek: the Customer List report, Finance/Marketing credit reports ("Outstanding
 * Credits": "Credit Package ID", "Credits Remaining", "Expiration Date") and reservation reports,
 * and the admin API's user fields (`first_name`, `phone_number`, `birth_date`,
 * `emergency_contact_name`, `marketing_opt_in`).
 */
const marianatek: HeaderAliases = {
  cards: STRIPE_CARDS,
  members: {
    id: ['customerid', 'userid', 'id'],
    firstName: ['firstname'],
    lastName: ['lastname'],
    fullName: ['customer', 'customername', 'fullname', 'name'],
    email: ['email', 'customeremail', 'emailaddress'],
    mobile: ['phonenumber', 'mobilephone'],
    phone: ['phone'],
    birthday: ['birthdate', 'birthday', 'dateofbirth'],
    emergencyName: ['emergencycontactname'],
    emergencyPhone: ['emergencycontactphone'],
    marketing: ['marketingoptin', 'optedintomarketing', 'marketingconsent'],
    waiverSignedAt: ['waiversigneddate', 'waiversigned', 'waiversignedat', 'waiverdate'],
  },
  balances: {
    id: ['creditpackageid', 'creditid', 'id'],
    clientId: ['customerid', 'userid'],
    name: ['creditpackagename', 'creditpackage', 'creditname', 'name'],
    remaining: [
      'creditsremaining',
      'remainingcredits',
      'remaining',
      'outstandingcredits',
      'credits',
    ],
    expiresAt: ['expirationdate', 'expiresat', 'expirydate', 'expires'],
  },
  memberships: {
    id: ['membershipid', 'id'],
    clientId: ['customerid', 'userid'],
    name: ['membershipname', 'membership', 'plan', 'name'],
    status: ['membershipstatus', 'status'],
    startDate: ['startdate', 'purchasedate'],
    paidThrough: ['paidthrough', 'enddate', 'expirationdate'],
    nextBilling: ['nextbillingdate', 'renewaldate', 'nextchargedate'],
    resumesOn: ['pauseduntil', 'freezeenddate'],
  },
  visits: {
    id: ['reservationid', 'id'],
    clientId: ['customerid', 'userid'],
    date: ['classdate', 'classstartdate', 'date', 'starttime'],
    time: ['classtime', 'time'],
    className: ['classtype', 'classname', 'class'],
    status: ['status', 'reservationstatus', 'checkinstatus'],
    signedIn: ['checkedin'],
  },
};

/**
 * Momence: the customer list export and the API's member fields (`firstName`, `lastName`,
 * `phoneNumber`, `firstSeen`, `lastSeen`), membership/pack exports ("Credits left",
 * "Expiry date") and booking exports ("Session name", "Checked in").
 */
const momence: HeaderAliases = {
  cards: STRIPE_CARDS,
  members: {
    id: ['memberid', 'customerid', 'id'],
    firstName: ['firstname'],
    lastName: ['lastname'],
    fullName: ['customer', 'customername', 'name', 'fullname'],
    email: ['email', 'customeremail'],
    mobile: ['phonenumber', 'phone'],
    birthday: ['birthday', 'dateofbirth', 'birthdate'],
    emergencyName: ['emergencycontactname', 'emergencycontact'],
    emergencyPhone: ['emergencycontactphone', 'emergencyphone'],
    marketing: ['emailmarketing', 'marketingconsent', 'subscribedtonewsletter', 'acceptsmarketing'],
    waiverSignedAt: ['waiversignedat', 'waiversigned', 'agreementsigned'],
  },
  balances: {
    id: ['boughtmembershipid', 'packid', 'id'],
    clientId: ['memberid', 'customerid'],
    name: ['membership', 'membershipname', 'pack', 'packname', 'name'],
    remaining: ['creditsleft', 'remainingcredits', 'classesleft', 'remaining'],
    expiresAt: ['expirydate', 'expires', 'expiresat', 'validuntil'],
  },
  memberships: {
    id: ['subscriptionid', 'boughtmembershipid', 'id'],
    clientId: ['memberid', 'customerid'],
    name: ['subscription', 'membershipname', 'membership', 'name'],
    status: ['status', 'subscriptionstatus'],
    startDate: ['startdate', 'startsat', 'purchasedate'],
    paidThrough: ['paidthrough', 'enddate', 'validuntil'],
    nextBilling: ['nextbillingdate', 'renewaldate', 'nextpayment'],
    resumesOn: ['frozenuntil', 'pauseduntil'],
  },
  visits: {
    id: ['bookingid', 'id'],
    clientId: ['memberid', 'customerid'],
    date: ['sessiondate', 'date', 'startsat'],
    time: ['sessiontime', 'time'],
    className: ['sessionname', 'session', 'classname', 'class'],
    status: ['status'],
    signedIn: ['checkedin', 'attended'],
    lateCancel: ['latecancelled', 'cancelledlate'],
    noShow: ['noshow'],
  },
};

/**
 * Glofox: the client download (Manage → Clients → Actions → Download: "First Name", "Last Name",
 * "Email", "Phone", "Added", "Membership Expiry Date"), credit and booking reports.
 */
const glofox: HeaderAliases = {
  cards: STRIPE_CARDS,
  members: {
    id: ['memberid', 'userid', 'clientid', 'id'],
    firstName: ['firstname'],
    lastName: ['lastname'],
    fullName: ['name', 'fullname', 'client'],
    email: ['email', 'emailaddress'],
    mobile: ['phone', 'phonenumber', 'mobile'],
    birthday: ['dateofbirth', 'birthday', 'birthdate', 'dob'],
    emergencyName: ['emergencycontact', 'emergencycontactname'],
    emergencyPhone: ['emergencycontactphone', 'emergencyphone'],
    marketing: ['receivemarketing', 'marketing', 'emailconsent', 'consent'],
    waiverSignedAt: ['waiversigned', 'waiver', 'waiverdate'],
  },
  balances: {
    id: ['creditid', 'creditpackid', 'id'],
    clientId: ['memberid', 'userid', 'clientid'],
    name: ['creditpack', 'creditsname', 'creditname', 'name', 'membership'],
    remaining: ['creditsremaining', 'remainingcredits', 'credits', 'remaining'],
    expiresAt: ['creditexpiry', 'expirydate', 'membershipexpirydate', 'expires'],
  },
  memberships: {
    id: ['usermembershipid', 'membershipid', 'id'],
    clientId: ['memberid', 'userid', 'clientid'],
    name: ['membershipname', 'membership', 'plan', 'name'],
    status: ['membershipstatus', 'status'],
    startDate: ['membershipstartdate', 'startdate'],
    paidThrough: ['membershipexpirydate', 'expirydate', 'enddate'],
    nextBilling: ['nextpaymentdate', 'nextbillingdate'],
    resumesOn: ['pauseduntil', 'resumedate'],
  },
  visits: {
    id: ['bookingid', 'id'],
    clientId: ['memberid', 'userid', 'clientid'],
    date: ['date', 'classdate', 'bookingdate'],
    time: ['time', 'classtime'],
    className: ['classname', 'class', 'program'],
    status: ['status', 'bookingstatus'],
    signedIn: ['attended', 'checkedin'],
  },
};

export const SOURCE_HEADERS: Readonly<Record<ImportSource, HeaderAliases>> = {
  mindbody,
  marianatek,
  momence,
  glofox,
  generic,
};
