// Type-checks a parsed rules expression and compiles it into a closure, once per upload.
// The static types follow the production rules compiler as targaryen models it: `!`, `&&`,
// `||` and `?:` need booleans, a rule must be boolean, values of unknown type ("any",
// "primitive") are checked at run time instead, and a run-time error makes the rule false.

import type { MaybeNode } from '../tree/node';
import { ExpressionError, RuleEvaluationError } from './errors';
import { parseExpression } from './parse-expression';
import type { BinaryOperator, Expr } from './parse-expression';
import { OpaqueObject, RuleSnapshot } from './snapshot';

export type StaticType =
  | 'boolean'
  | 'number'
  | 'string'
  | 'null'
  | 'RegExp'
  | 'Snapshot'
  | 'Query'
  | 'array'
  /** Could be anything, checked at run time (e.g. `auth.token.x`). */
  | 'any'
  /** A string, number, boolean or null, checked at run time (e.g. `data.val()`). */
  | 'primitive';

/** The `query` rules variable. */
export interface QueryVariable {
  readonly orderByKey: boolean;
  readonly orderByPriority: boolean;
  readonly orderByValue: boolean;
  readonly orderByChild: string | null;
  readonly startAt: unknown;
  readonly endAt: unknown;
  readonly equalTo: unknown;
  readonly limitToFirst: number | null;
  readonly limitToLast: number | null;
}

/** Everything a rule can see while it is evaluated at one location. */
export interface EvalEnv {
  readonly auth: unknown;
  readonly now: number;
  readonly query: QueryVariable | null;
  readonly root: MaybeNode;
  readonly newRoot: MaybeNode;
  /** Path of the location; wildcard values are read from it by depth. */
  readonly path: readonly string[];
  readonly depth: number;
  readonly data: MaybeNode;
  readonly newData: MaybeNode;
}

export type RuleKind = 'read' | 'write' | 'validate';

export interface ExpressionScope {
  readonly kind: RuleKind;
  /** `$name` → index of its segment in the path. */
  readonly wildcards: ReadonlyMap<string, number>;
}

type Evaluator = (env: EvalEnv) => unknown;

interface Compiled {
  readonly type: StaticType;
  readonly evaluate: Evaluator;
  readonly expr: Expr;
}

const FUZZY = new Set<StaticType>(['any', 'primitive']);
const PRIMITIVE = new Set<StaticType>(['string', 'number', 'boolean', 'null', 'primitive']);
const NO_PATH: readonly string[] = [];

const QUERY_FIELDS: Record<string, StaticType> = {
  orderByKey: 'boolean',
  orderByPriority: 'boolean',
  orderByValue: 'boolean',
  orderByChild: 'primitive',
  startAt: 'primitive',
  endAt: 'primitive',
  equalTo: 'primitive',
  limitToFirst: 'primitive',
  limitToLast: 'primitive',
};

interface Method {
  /** Expected argument types; `undefined` when `check` validates the arguments itself. */
  readonly args?: readonly StaticType[];
  readonly check?: (args: readonly Compiled[], call: Expr) => void;
  readonly returns: StaticType;
  readonly apply: (receiver: never, args: unknown[]) => unknown;
}

function fail(message: string): never {
  throw new RuleEvaluationError(message);
}

function stringArg(value: unknown, method: string): string {
  return typeof value === 'string' ? value : fail(`${method}() expects a string argument`);
}

const SNAPSHOT_METHODS: Record<string, Method> = {
  val: { args: [], returns: 'primitive', apply: (s: RuleSnapshot) => s.val() },
  child: {
    args: ['string'],
    returns: 'Snapshot',
    apply: (s: RuleSnapshot, [p]) => s.child(stringArg(p, 'child')),
  },
  parent: { args: [], returns: 'Snapshot', apply: (s: RuleSnapshot) => s.parent() },
  hasChild: {
    args: ['string'],
    returns: 'boolean',
    apply: (s: RuleSnapshot, [p]) => s.hasChild(stringArg(p, 'hasChild')),
  },
  hasChildren: {
    check: (args, call) => {
      if (args.length === 0) return;
      const list = args[0];
      if (args.length > 1 || list?.expr.type !== 'array') {
        throw new ExpressionError(
          'hasChildren() takes no argument or one array of strings',
          call.start,
        );
      }
      if (list.expr.elements.length === 0) {
        throw new ExpressionError('hasChildren() got an empty array', call.start);
      }
    },
    returns: 'boolean',
    apply: (s: RuleSnapshot, args) => {
      if (args.length === 0) return s.hasChildren();
      const keys = args[0] as unknown[];
      return s.hasChildren(keys.map((key) => stringArg(key, 'hasChildren')));
    },
  },
  exists: { args: [], returns: 'boolean', apply: (s: RuleSnapshot) => s.exists() },
  getPriority: { args: [], returns: 'primitive', apply: (s: RuleSnapshot) => s.getPriority() },
  isNumber: { args: [], returns: 'boolean', apply: (s: RuleSnapshot) => s.isNumber() },
  isString: { args: [], returns: 'boolean', apply: (s: RuleSnapshot) => s.isString() },
  isBoolean: { args: [], returns: 'boolean', apply: (s: RuleSnapshot) => s.isBoolean() },
};

const STRING_METHODS: Record<string, Method> = {
  contains: {
    args: ['string'],
    returns: 'boolean',
    apply: (s: string, [x]) => s.includes(stringArg(x, 'contains')),
  },
  beginsWith: {
    args: ['string'],
    returns: 'boolean',
    apply: (s: string, [x]) => s.startsWith(stringArg(x, 'beginsWith')),
  },
  endsWith: {
    args: ['string'],
    returns: 'boolean',
    apply: (s: string, [x]) => s.endsWith(stringArg(x, 'endsWith')),
  },
  // Unlike JavaScript's replace, the rules' replace() replaces every occurrence.
  replace: {
    args: ['string', 'string'],
    returns: 'string',
    apply: (s: string, [a, b]) => s.split(stringArg(a, 'replace')).join(stringArg(b, 'replace')),
  },
  toLowerCase: { args: [], returns: 'string', apply: (s: string) => s.toLowerCase() },
  toUpperCase: { args: [], returns: 'string', apply: (s: string) => s.toUpperCase() },
  matches: {
    args: ['RegExp'],
    returns: 'boolean',
    apply: (s: string, [r]) => (r as RegExp).test(s),
  },
};

function hasOwn(record: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(record, key);
}

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof RuleSnapshot) return 'a snapshot';
  return typeof value;
}

/** Property of a value whose type was not known statically (auth and its claims). */
function memberOfAny(value: unknown, name: string): unknown {
  if (typeof value === 'string') {
    return name === 'length' ? value.length : fail(`No such property ${name} on a string`);
  }
  if (
    typeof value !== 'object' ||
    value === null ||
    value instanceof RuleSnapshot ||
    value instanceof OpaqueObject ||
    value instanceof RegExp
  ) {
    return fail(`Cannot read property ${name} of ${describeValue(value)}`);
  }
  const record = value as Record<string, unknown>;
  return hasOwn(record, name) ? (record[name] ?? null) : null;
}

class ExpressionCompiler {
  constructor(private readonly scope: ExpressionScope) {}

  compile(expr: Expr): Compiled {
    const make = (type: StaticType, evaluate: Evaluator): Compiled => ({ type, evaluate, expr });
    switch (expr.type) {
      case 'literal': {
        const value = expr.value;
        const type: StaticType =
          value === null ? 'null' : (typeof value as 'string' | 'number' | 'boolean');
        return make(type, () => value);
      }
      case 'regex': {
        if (expr.flags !== '' && expr.flags !== 'i') {
          throw new ExpressionError(
            `Unsupported regular expression flags "${expr.flags}" (only i)`,
            expr.start,
          );
        }
        let regex: RegExp;
        try {
          regex = new RegExp(expr.pattern, expr.flags);
        } catch {
          throw new ExpressionError(`Invalid regular expression /${expr.pattern}/`, expr.start);
        }
        return make('RegExp', () => regex);
      }
      case 'array': {
        const elements = expr.elements.map((element) => this.compile(element));
        for (const element of elements) {
          if (element.type !== 'string' && !FUZZY.has(element.type)) {
            throw new ExpressionError('Arrays may only hold strings', element.expr.start);
          }
        }
        return make('array', (env) => elements.map((element) => element.evaluate(env)));
      }
      case 'identifier':
        return this.identifier(expr.name, expr);
      case 'member':
        return this.member(this.compile(expr.object), expr.property, expr);
      case 'index': {
        const object = this.compile(expr.object);
        if (expr.property.type === 'literal' && typeof expr.property.value === 'string') {
          return this.member(object, expr.property.value, expr);
        }
        const property = this.compile(expr.property);
        if (
          object.type !== 'any' ||
          !['string', 'number', 'any', 'primitive'].includes(property.type)
        ) {
          throw new ExpressionError('Invalid property access', expr.start);
        }
        return make('any', (env) =>
          memberOfAny(object.evaluate(env), String(property.evaluate(env))),
        );
      }
      case 'call':
        return this.call(expr);
      case 'unary': {
        const argument = this.compile(expr.argument);
        if (expr.operator === '!') {
          this.require(argument, ['boolean'], 'Operand of ! must be boolean', false);
          return make('boolean', (env) => !argument.evaluate(env));
        }
        this.require(argument, ['number'], 'Operand of - must be a number', true);
        return make('number', (env) => {
          const value = argument.evaluate(env);
          return typeof value === 'number' ? -value : fail('- expects a number');
        });
      }
      case 'binary':
        return this.binary(expr.operator, this.compile(expr.left), this.compile(expr.right), expr);
      case 'logical': {
        const left = this.compile(expr.left);
        const right = this.compile(expr.right);
        this.require(left, ['boolean'], `Left operand of ${expr.operator} must be boolean`, false);
        this.require(
          right,
          ['boolean'],
          `Right operand of ${expr.operator} must be boolean`,
          false,
        );
        return expr.operator === '&&'
          ? make('boolean', (env) => left.evaluate(env) === true && right.evaluate(env))
          : make('boolean', (env) => left.evaluate(env) === true || right.evaluate(env));
      }
      case 'conditional': {
        const test = this.compile(expr.test);
        const consequent = this.compile(expr.consequent);
        const alternate = this.compile(expr.alternate);
        this.require(test, ['boolean'], 'Condition of ?: must be boolean', false);
        const type: StaticType =
          consequent.type === alternate.type
            ? consequent.type
            : PRIMITIVE.has(consequent.type) && PRIMITIVE.has(alternate.type)
              ? 'primitive'
              : 'any';
        return make(type, (env) =>
          test.evaluate(env) === true ? consequent.evaluate(env) : alternate.evaluate(env),
        );
      }
    }
  }

  /** Static check; with `allowFuzzy` an unknown type passes and is checked at run time. */
  private require(
    value: Compiled,
    allowed: readonly StaticType[],
    message: string,
    allowFuzzy: boolean,
  ): void {
    if (allowed.includes(value.type)) return;
    if (allowFuzzy && FUZZY.has(value.type)) return;
    throw new ExpressionError(message, value.expr.start);
  }

  private identifier(name: string, expr: Expr): Compiled {
    const make = (type: StaticType, evaluate: Evaluator): Compiled => ({ type, evaluate, expr });
    switch (name) {
      case 'auth':
        return make('any', (env) => env.auth);
      case 'now':
        return make('number', (env) => env.now);
      case 'root':
        return make('Snapshot', (env) => new RuleSnapshot(env.root, NO_PATH, 0, env.root));
      case 'data':
        return make('Snapshot', (env) => new RuleSnapshot(env.root, env.path, env.depth, env.data));
      case 'newData':
        if (this.scope.kind === 'read') {
          throw new ExpressionError('newData is not available in .read rules', expr.start);
        }
        return make(
          'Snapshot',
          (env) => new RuleSnapshot(env.newRoot, env.path, env.depth, env.newData),
        );
      case 'query':
        if (this.scope.kind !== 'read') {
          throw new ExpressionError('query is only available in .read rules', expr.start);
        }
        return make('Query', (env) => env.query);
    }
    const index = this.scope.wildcards.get(name);
    if (index === undefined) throw new ExpressionError(`Unknown variable '${name}'`, expr.start);
    return make('string', (env) => env.path[index] ?? null);
  }

  private member(object: Compiled, name: string, expr: Expr): Compiled {
    const make = (type: StaticType, evaluate: Evaluator): Compiled => ({ type, evaluate, expr });
    const noSuch = (): never => {
      throw new ExpressionError(`No such method/property '${name}'`, expr.start);
    };
    switch (object.type) {
      case 'Query': {
        const type = QUERY_FIELDS[name] ?? noSuch();
        return make(type, (env) => (object.evaluate(env) as Record<string, unknown>)[name] ?? null);
      }
      case 'Snapshot':
        if (hasOwn(SNAPSHOT_METHODS, name)) {
          throw new ExpressionError(`Method '${name}' must be called: ${name}()`, expr.start);
        }
        return noSuch();
      case 'string':
      case 'primitive':
        if (name === 'length') {
          return make('number', (env) => {
            const value = object.evaluate(env);
            return typeof value === 'string'
              ? value.length
              : fail(`length of ${describeValue(value)}`);
          });
        }
        if (hasOwn(STRING_METHODS, name)) {
          throw new ExpressionError(`Method '${name}' must be called: ${name}()`, expr.start);
        }
        return noSuch();
      case 'any':
        return make('any', (env) => memberOfAny(object.evaluate(env), name));
      default:
        return noSuch();
    }
  }

  private call(expr: Expr & { type: 'call' }): Compiled {
    const callee = expr.callee;
    let receiverExpr: Expr;
    let name: string;
    if (callee.type === 'member') {
      receiverExpr = callee.object;
      name = callee.property;
    } else if (
      callee.type === 'index' &&
      callee.property.type === 'literal' &&
      typeof callee.property.value === 'string'
    ) {
      receiverExpr = callee.object;
      name = callee.property.value;
    } else {
      throw new ExpressionError(
        'Type error: function call on target that is not a function',
        expr.start,
      );
    }
    const receiver = this.compile(receiverExpr);
    const table =
      receiver.type === 'Snapshot'
        ? SNAPSHOT_METHODS
        : receiver.type === 'string' || FUZZY.has(receiver.type)
          ? STRING_METHODS
          : undefined;
    if (table === undefined) {
      throw new ExpressionError(
        'Type error: function call on target that is not a function',
        expr.start,
      );
    }
    const method = hasOwn(table, name) ? table[name] : undefined;
    if (method === undefined)
      throw new ExpressionError(`No such method/property '${name}'`, callee.start);
    const args = expr.args.map((arg) => this.compile(arg));
    if (method.check !== undefined) {
      method.check(args, expr);
    } else {
      const expected = method.args ?? [];
      if (args.length !== expected.length) {
        throw new ExpressionError(
          `${name}() expects ${expected.length} argument(s) but got ${args.length}`,
          expr.start,
        );
      }
      args.forEach((arg, i) => {
        const type = expected[i] as StaticType;
        // A regular expression must be a literal; other arguments may be checked at run time.
        this.require(
          arg,
          [type],
          `${name}() expects argument ${i + 1} to be a ${type}`,
          type !== 'RegExp',
        );
      });
    }
    const apply = method.apply as (receiver: unknown, args: unknown[]) => unknown;
    const onStrings = table === STRING_METHODS;
    return {
      type: method.returns,
      expr,
      evaluate: (env) => {
        const target = receiver.evaluate(env);
        if (onStrings && typeof target !== 'string')
          fail(`${name}() called on ${describeValue(target)}`);
        return apply(
          target,
          args.map((arg) => arg.evaluate(env)),
        );
      },
    };
  }

  private binary(operator: BinaryOperator, left: Compiled, right: Compiled, expr: Expr): Compiled {
    const make = (type: StaticType, evaluate: Evaluator): Compiled => ({ type, evaluate, expr });
    const both = (allowed: readonly StaticType[]): void => {
      const message = `Invalid ${operator} expression: operands must be ${allowed.join(' or ')}`;
      this.require(left, allowed, message, true);
      this.require(right, allowed, message, true);
    };
    switch (operator) {
      case '==':
      case '===':
        both(['string', 'number', 'boolean', 'null']);
        return make('boolean', (env) => left.evaluate(env) === right.evaluate(env));
      case '!=':
      case '!==':
        both(['string', 'number', 'boolean', 'null']);
        return make('boolean', (env) => left.evaluate(env) !== right.evaluate(env));
      case '<':
      case '<=':
      case '>':
      case '>=': {
        both(['string', 'number', 'null']);
        if (!FUZZY.has(left.type) && !FUZZY.has(right.type) && left.type !== right.type) {
          throw new ExpressionError(
            `Invalid ${operator} expression: operand types differ`,
            expr.start,
          );
        }
        const compare = COMPARISONS[operator];
        return make('boolean', (env) => {
          const a = left.evaluate(env);
          const b = right.evaluate(env);
          const type = a === null ? 'null' : typeof a;
          if (
            (type !== 'string' && type !== 'number' && type !== 'null') ||
            type !== (b === null ? 'null' : typeof b)
          ) {
            return fail(`Invalid ${operator} operands`);
          }
          return compare(a as string | number, b as string | number);
        });
      }
      case '+': {
        both(['string', 'number']);
        const type: StaticType =
          left.type === 'string' || right.type === 'string'
            ? 'string'
            : left.type === 'number' && right.type === 'number'
              ? 'number'
              : 'primitive';
        return make(type, (env) => {
          const a = left.evaluate(env);
          const b = right.evaluate(env);
          if (
            (typeof a !== 'string' && typeof a !== 'number') ||
            (typeof b !== 'string' && typeof b !== 'number')
          ) {
            return fail('+ expects strings or numbers');
          }
          return typeof a === 'string' || typeof b === 'string' ? String(a) + String(b) : a + b;
        });
      }
      default: {
        both(['number']);
        const arithmetic = ARITHMETIC[operator];
        return make('number', (env) => {
          const a = left.evaluate(env);
          const b = right.evaluate(env);
          if (typeof a !== 'number' || typeof b !== 'number')
            return fail(`${operator} expects numbers`);
          return arithmetic(a, b);
        });
      }
    }
  }
}

const COMPARISONS: Record<
  '<' | '<=' | '>' | '>=',
  (a: string | number, b: string | number) => boolean
> = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
};

const ARITHMETIC: Record<'-' | '*' | '/' | '%', (a: number, b: number) => number> = {
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
  '%': (a, b) => a % b,
};

export type CompiledExpression = (env: EvalEnv) => boolean;

/**
 * Parses and type-checks one rule; the result is true only when the expression yields
 * exactly `true` without a run-time error. Throws ExpressionError on a bad rule.
 */
export function compileExpression(source: string, scope: ExpressionScope): CompiledExpression {
  const compiled = new ExpressionCompiler(scope).compile(parseExpression(source));
  if (compiled.type !== 'boolean') {
    throw new ExpressionError('Expression must evaluate to a boolean', 0);
  }
  const evaluate = compiled.evaluate;
  return (env) => {
    try {
      return evaluate(env) === true;
    } catch {
      // Property of null, method on the wrong type, parent() of the root …: deny.
      return false;
    }
  };
}
