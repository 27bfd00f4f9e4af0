// database.rules.json through the rules compiler of emulators/rtdb (the one the tests enforce):
// a syntax, type or unknown-variable error fails here instead of at `firebase deploy`.
import { compileRules } from '@studio/rtdb-emulator';
import { errorMessage, fail, pass, type CheckResult } from './result.ts';

export function checkDatabaseRules(text: string, file = 'database.rules.json'): CheckResult {
  try {
    const compiled = compileRules(text);
    const json = compiled.json as { rules?: Record<string, unknown> };
    const top = Object.keys(json.rules ?? {}).filter((key) => !key.startsWith('.')).length;
    return pass(`${file} compiles`, `${top} top-level paths`);
  } catch (error) {
    return fail(`${file} compiles`, errorMessage(error));
  }
}
