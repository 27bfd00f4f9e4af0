/** Stripe's error `type` values that the sandbox produces. */
export type StripeErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'idempotency_error'
  | 'api_error'
  | 'card_error';

export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  param?: string;
  code?: string;
  doc_url?: string;
  decline_code?: string;
  /** A card error carries the PaymentIntent it happened on, as Stripe's does. */
  payment_intent?: unknown;
  charge?: string;
}

/**
 * An error answered in Stripe's shape: `{"error": {type, message, param, code}}`.
 * `validation` marks errors raised before the request did anything: Stripe does not save those
 * under an Idempotency-Key, so a corrected retry with the same key is allowed.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly type: StripeErrorType;
  readonly param: string | undefined;
  readonly code: string | undefined;
  readonly validation: boolean;
  readonly extra: Pick<StripeErrorBody, 'decline_code' | 'payment_intent' | 'charge'>;

  constructor(
    status: number,
    type: StripeErrorType,
    message: string,
    options: {
      param?: string;
      code?: string;
      validation?: boolean;
      extra?: Pick<StripeErrorBody, 'decline_code' | 'payment_intent' | 'charge'>;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.type = type;
    this.param = options.param;
    this.code = options.code;
    this.validation = options.validation ?? false;
    this.extra = options.extra ?? {};
  }

  toJSON(): { error: StripeErrorBody } {
    const error: StripeErrorBody = { type: this.type, message: this.message };
    if (this.param !== undefined) error.param = this.param;
    if (this.code !== undefined) {
      error.code = this.code;
      error.doc_url = `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, '-')}`;
    }
    return { error: { ...error, ...this.extra } };
  }
}

/** A request parameter is missing, unknown or malformed (400, not saved for idempotency). */
export function paramError(param: string, message: string, code?: string): ApiError {
  return new ApiError(400, 'invalid_request_error', message, {
    param,
    ...(code === undefined ? {} : { code }),
    validation: true,
  });
}

/** The request is well formed but the object is not in a state that allows it (400). */
export function stateError(
  message: string,
  options: { param?: string; code?: string } = {},
): ApiError {
  return new ApiError(400, 'invalid_request_error', message, options);
}

const NOUNS: Record<string, string> = {
  cus: 'customer',
  cs: 'checkout.session',
  sub: 'subscription',
  sub_sched: 'subscription_schedule',
  si: 'subscription item',
  in: 'invoice',
  inpay: 'invoice payment',
  pi: 'payment_intent',
  ch: 'charge',
  re: 'refund',
  du: 'dispute',
  evt: 'event',
  price: 'price',
  prod: 'product',
  bpc: 'configuration',
};

/** `No such customer: 'cus_x'`, the way Stripe words a missing object. */
export function noSuch(id: string, param = 'id', status = 404): ApiError {
  const prefix = id.startsWith('sub_sched_') ? 'sub_sched' : (id.split('_')[0] ?? '');
  const noun = NOUNS[prefix] ?? 'object';
  return new ApiError(status, 'invalid_request_error', `No such ${noun}: '${id}'`, {
    param,
    code: 'resource_missing',
    validation: status === 400,
  });
}

export function unrecognizedUrl(method: string, path: string): ApiError {
  return new ApiError(
    404,
    'invalid_request_error',
    `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    { validation: true },
  );
}
