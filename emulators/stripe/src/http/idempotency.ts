import { ApiError } from './errors';
import type { FormValue } from './form';

export interface SavedResponse {
  status: number;
  body: string;
}

interface Entry {
  endpoint: string;
  fingerprint: string;
  response: SavedResponse;
}

/** Parameters in a canonical form, so key order does not make two equal requests differ. */
export function fingerprint(value: FormValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(fingerprint).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${fingerprint(value[key] ?? '')}`).join(',')}}`;
}

/**
 * Saved responses by API key and `Idempotency-Key`. The same key with the same endpoint and
 * parameters replays the saved response; anything else with that key is an `idempotency_error`.
 */
export class IdempotencyCache {
  private readonly entries = new Map<string, Entry>();

  /** The saved response to replay, or null when the key is new. */
  lookup(scope: string, key: string, endpoint: string, params: string): SavedResponse | null {
    if (key.length > 255) {
      throw new ApiError(
        400,
        'invalid_request_error',
        'Idempotency-Key must be at most 255 characters long.',
        { validation: true },
      );
    }
    const entry = this.entries.get(`${scope}\u0000${key}`);
    if (entry === undefined) return null;
    if (entry.endpoint !== endpoint) {
      throw new ApiError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${entry.endpoint}' vs '${endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
        { validation: true },
      );
    }
    if (entry.fingerprint !== params) {
      throw new ApiError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        { validation: true },
      );
    }
    return entry.response;
  }

  save(
    scope: string,
    key: string,
    endpoint: string,
    params: string,
    response: SavedResponse,
  ): void {
    this.entries.set(`${scope}\u0000${key}`, { endpoint, fingerprint: params, response });
  }

  clear(): void {
    this.entries.clear();
  }
}
