import type { MessageKey, MessageParams } from '@studio/core';
import { isMessageKey, isRecord } from '@studio/core';

export interface ErrorText {
  key: MessageKey;
  params?: MessageParams;
}

function isParams(value: unknown): value is MessageParams {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((entry) => typeof entry === 'string' || typeof entry === 'number')
  );
}

/**
 * What to tell the person about a failed callable: the functions send `HttpsError` with
 * `details: {messageKey, params}`; anything else is an unexpected failure.
 */
export function callableErrorText(error: unknown): ErrorText {
  if (isRecord(error) && isRecord(error.details)) {
    const { messageKey, params } = error.details;
    if (isMessageKey(messageKey)) {
      return isParams(params) ? { key: messageKey, params } : { key: messageKey };
    }
  }
  return { key: 'internalError' };
}

/** A callable refusal the way the functions send it, for fakes and tests. */
export class CallableRefusal extends Error {
  readonly details: { messageKey: MessageKey; params?: MessageParams };
  constructor(
    readonly code: string,
    messageKey: MessageKey,
    params?: MessageParams,
  ) {
    super(messageKey);
    this.details = params ? { messageKey, params } : { messageKey };
  }
}
