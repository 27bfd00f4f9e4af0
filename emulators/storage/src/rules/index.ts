export { compileStorageRules } from './compile';
export type { RulesDecision, RulesRequest, StorageRuleset } from './compile';
export { RulesError } from './errors';
export type { Operation } from './ast';
export { Timestamp } from './values';
export type { Value, ValueMap } from './values';
