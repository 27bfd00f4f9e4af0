/** One line of `npm run deploy:check`: what was checked and, when it failed, why. */
export interface CheckResult {
  ok: boolean;
  /** What was checked, e.g. `firebase.json functions runtime`. */
  name: string;
  /** What was found (ok) or what is wrong and what is expected (failure). */
  detail: string;
}

export const pass = (name: string, detail: string): CheckResult => ({ ok: true, name, detail });
export const fail = (name: string, detail: string): CheckResult => ({ ok: false, name, detail });

export function formatResult(result: CheckResult): string {
  return `${result.ok ? 'ok  ' : 'FAIL'} ${result.name}: ${result.detail}`;
}

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
