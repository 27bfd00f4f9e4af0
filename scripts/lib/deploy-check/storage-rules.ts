// storage.rules through the rules compiler of emulators/storage (the one the tests enforce): a
// syntax error, an unknown name or a form the emulator cannot evaluate fails here instead of at
// `firebase deploy` (or, worse, passes the tests by being refused differently).
import { compileStorageRules } from '@studio/storage-emulator';
import { errorMessage, fail, pass, type CheckResult } from './result.ts';

export function checkStorageRules(text: string, file = 'storage.rules'): CheckResult {
  try {
    const ruleset = compileStorageRules(text);
    const matches = (text.match(/\bmatch\s+\//g) ?? []).length;
    return pass(`${file} compiles`, `rules_version ${ruleset.version}, ${matches} match blocks`);
  } catch (error) {
    return fail(`${file} compiles`, errorMessage(error));
  }
}
