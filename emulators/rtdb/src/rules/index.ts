// Public surface of the security rules engine.

export { RulesError } from './errors';
export { OPEN_RULES, compileRules } from './compile-rules';
export type { CompiledRules } from './compile-rules';
export { canRead, canUpdate, canWrite, indexOnAt } from './evaluate';
export type { AuthVariable, RuleContext } from './evaluate';
