// Rules documents: comment stripping, structure validation and compilation of
// every expression at upload time, so evaluation only runs prebuilt closures.

import { isValidKey } from '../tree/node';
import { compileExpression } from './compile-expression';
import type { CompiledExpression, RuleKind } from './compile-expression';
import { ExpressionError, RulesError } from './errors';

export interface RulesNode {
  readonly read?: CompiledExpression;
  readonly write?: CompiledExpression;
  readonly validate?: CompiledExpression;
  readonly indexOn: readonly string[];
  readonly literals: ReadonlyMap<string, RulesNode>;
  readonly wildcard?: RulesNode;
  /** Whether some node strictly below has a `.validate` (lets writes skip subtree walks). */
  readonly validateBelow: boolean;
}

export interface CompiledRules {
  /** The text as uploaded, comments included (served by GET /.settings/rules.json). */
  readonly source: string;
  /** The parsed document without comments (served with format=strict). */
  readonly json: unknown;
  readonly root: RulesNode;
}

/** Replaces `//…` and `/*…*\/` outside JSON strings by spaces, keeping line breaks. */
export function stripComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    if (char === '"') {
      const start = i;
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
      out += text.slice(start, i);
    } else if (char === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') {
        out += ' ';
        i++;
      }
    } else if (char === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else {
      out += char;
      i++;
    }
  }
  return out;
}

function lineAndColumn(text: string, position: number): string {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return `line ${line}, column ${column}`;
}

function parseJSON(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message)?.[1];
    const where = position === undefined ? '' : ` at ${lineAndColumn(text, Number(position))}`;
    throw new RulesError(`Invalid rules JSON${where}: ${message}`);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const RULE_KINDS: Record<string, RuleKind> = {
  '.read': 'read',
  '.write': 'write',
  '.validate': 'validate',
};
const ALWAYS: CompiledExpression = () => true;
const NEVER: CompiledExpression = () => false;

function compileNode(
  raw: unknown,
  rulesPath: readonly string[],
  wildcards: ReadonlyMap<string, number>,
): RulesNode {
  const where = '/' + rulesPath.join('/');
  if (!isPlainObject(raw)) throw new RulesError(`${where}: expected an object of rules`);
  const rules: Partial<Record<RuleKind, CompiledExpression>> = {};
  let indexOn: readonly string[] = [];
  const literals = new Map<string, RulesNode>();
  let wildcard: RulesNode | undefined;
  let wildcardName: string | undefined;
  // This node matches paths of `depth` segments; its wildcard binds segment number `depth`.
  const depth = rulesPath.length - 1;

  for (const [key, value] of Object.entries(raw)) {
    const kind = RULE_KINDS[key];
    if (kind !== undefined) {
      rules[kind] = compileRule(value, kind, `${where}/${key}`, wildcards);
    } else if (key === '.indexOn') {
      if (typeof value === 'string') indexOn = [value];
      else if (Array.isArray(value) && value.every((entry) => typeof entry === 'string'))
        indexOn = value;
      else throw new RulesError(`${where}/.indexOn: expected a string or an array of strings`);
    } else if (key.startsWith('.')) {
      throw new RulesError(`${where}: invalid rule type ${JSON.stringify(key)}`);
    } else if (key.startsWith('$')) {
      if (wildcardName !== undefined) {
        throw new RulesError(
          `${where}: only one wildcard child allowed, found ${wildcardName} and ${key}`,
        );
      }
      if (!isValidKey(key.slice(1)))
        throw new RulesError(`${where}: invalid wildcard name ${JSON.stringify(key)}`);
      if (wildcards.has(key))
        throw new RulesError(`${where}: wildcard ${key} is already used higher up`);
      wildcardName = key;
      const inner = new Map(wildcards).set(key, depth);
      wildcard = compileNode(value, [...rulesPath, key], inner);
    } else {
      if (!isValidKey(key)) throw new RulesError(`${where}: invalid key ${JSON.stringify(key)}`);
      literals.set(key, compileNode(value, [...rulesPath, key], wildcards));
    }
  }
  const children = [...literals.values(), ...(wildcard === undefined ? [] : [wildcard])];
  return {
    ...rules,
    indexOn,
    literals,
    ...(wildcard === undefined ? {} : { wildcard }),
    validateBelow: children.some((node) => node.validate !== undefined || node.validateBelow),
  };
}

function compileRule(
  value: unknown,
  kind: RuleKind,
  where: string,
  wildcards: ReadonlyMap<string, number>,
): CompiledExpression {
  if (typeof value === 'boolean') return value ? ALWAYS : NEVER;
  if (typeof value !== 'string')
    throw new RulesError(`${where}: expected a boolean or an expression string`);
  try {
    return compileExpression(value, { kind, wildcards });
  } catch (error) {
    if (error instanceof ExpressionError) {
      throw new RulesError(
        `${where}: ${error.message} (at character ${error.position + 1} of ${JSON.stringify(value)})`,
      );
    }
    throw error;
  }
}

/**
 * Compiles a rules document. Throws RulesError naming the rules path and the
 * problem: bad JSON, wrong top level, bad keys or rule types, wildcard conflicts, and
 * syntax, type or unknown-variable errors in expressions.
 */
export function compileRules(text: string): CompiledRules {
  const json = parseJSON(stripComments(text));
  if (!isPlainObject(json) || Object.keys(json).length !== 1 || !('rules' in json)) {
    throw new RulesError('Rules must be an object with exactly one key "rules"');
  }
  return { source: text, json, root: compileNode(json.rules, ['rules'], new Map()) };
}

/** The effective rules of a namespace that has none uploaded. */
export const OPEN_RULES: CompiledRules = compileRules('{"rules":{".read":true,".write":true}}');
