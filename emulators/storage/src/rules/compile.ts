// Compiles a parsed ruleset into closures: every identifier, method and field of `request` and
// `resource` is checked here, so a ruleset this engine cannot evaluate is refused when it is
// loaded (with its line and column), never silently denied at request time.
import type { AllowStatement, Expr, FunctionDecl, MatchBlock, Operation, RulesetAst } from './ast';
import { RuleEvaluationError, RulesError } from './errors';
import type { PathSegment } from './lexer';
import { Lexer } from './lexer';
import { parseRules } from './parser';
import {
  compare,
  equals,
  fail,
  field,
  GLOBAL_FUNCTIONS,
  isList,
  isMap,
  isNumber,
  isType,
  METHODS,
  Timestamp,
  toBoolean,
  TYPE_NAMES,
  typeOf,
  type Value,
  type ValueMap,
} from './values';

/** Variables a condition sees: path captures, function parameters, `let` bindings. */
type Env = Readonly<Record<string, Value>>;
type Compiled = (env: Env, context: Context) => Value;

interface Context {
  readonly request: ValueMap;
  readonly resource: Value;
  /** User functions by name, compiled; looked up at call time so declaration order is free. */
  readonly functions: ReadonlyMap<string, CompiledFunction>;
  /** Calls in progress: production stops at 20, which also ends any recursion. */
  depth: number;
}

const MAX_CALL_DEPTH = 20;

interface CompiledFunction {
  readonly params: readonly string[];
  readonly lets: readonly { name: string; value: Compiled }[];
  readonly body: Compiled;
}

/** Fields of `request`, and of a stored object (`resource`, `request.resource`). */
const REQUEST_FIELDS = new Set(['auth', 'method', 'path', 'resource', 'time']);
const OBJECT_FIELDS = new Set([
  'name',
  'bucket',
  'generation',
  'metageneration',
  'size',
  'timeCreated',
  'updated',
  'md5Hash',
  'crc32c',
  'etag',
  'contentDisposition',
  'contentEncoding',
  'contentLanguage',
  'contentType',
  'cacheControl',
  'metadata',
]);
/** Names the rules language has but this engine does not evaluate (other services' data). */
const UNSUPPORTED = new Set(['firestore', 'get', 'exists', 'getAfter', 'existsAfter', 'debug']);

interface Scope {
  readonly variables: ReadonlySet<string>;
  /** User functions visible here, with their arity. */
  readonly functions: ReadonlyMap<string, number>;
}

class Compiler {
  private readonly lexer: Lexer;

  constructor(text: string) {
    this.lexer = new Lexer(text);
  }

  error(message: string, offset: number): RulesError {
    const { line, column } = this.lexer.position(offset);
    return new RulesError(message, line, column);
  }

  expression(expr: Expr, scope: Scope): Compiled {
    switch (expr.type) {
      case 'literal': {
        const value = expr.int === true ? BigInt(expr.value as number) : expr.value;
        return () => value;
      }
      case 'list': {
        const elements = expr.elements.map((element) => this.expression(element, scope));
        return (env, context) => elements.map((element) => element(env, context));
      }
      case 'identifier':
        return this.identifier(expr.name, expr.offset, scope);
      case 'member':
        return this.member(expr, scope);
      case 'index': {
        const object = this.expression(expr.object, scope);
        const index = this.expression(expr.index, scope);
        return (env, context) => {
          const target = object(env, context);
          const key = index(env, context);
          if (isList(target)) {
            if (typeof key !== 'bigint') return fail('a list index must be an int');
            if (key < 0n || key >= BigInt(target.length)) return fail(`index ${key} out of range`);
            return target[Number(key)]!;
          }
          if (typeof key !== 'string') return fail(`a map key must be a string`);
          return field(target, key);
        };
      }
      case 'call':
        return this.call(expr, scope);
      case 'unary': {
        const argument = this.expression(expr.argument, scope);
        if (expr.operator === '!')
          return (env, context) => !toBoolean(argument(env, context), 'the operand of !');
        return (env, context) => {
          const value = argument(env, context);
          if (typeof value === 'bigint') return -value;
          if (typeof value === 'number') return -value;
          return fail(`cannot negate ${typeOf(value)}`);
        };
      }
      case 'is': {
        if (!TYPE_NAMES.has(expr.typeName))
          throw this.error(`unknown type '${expr.typeName}'`, expr.offset);
        const value = this.expression(expr.value, scope);
        const typeName = expr.typeName;
        return (env, context) => isType(value(env, context), typeName);
      }
      case 'conditional': {
        const test = this.expression(expr.test, scope);
        const consequent = this.expression(expr.consequent, scope);
        const alternate = this.expression(expr.alternate, scope);
        return (env, context) =>
          toBoolean(test(env, context), 'the condition of ?:')
            ? consequent(env, context)
            : alternate(env, context);
      }
      case 'binary':
        return this.binary(expr, scope);
    }
  }

  private identifier(name: string, offset: number, scope: Scope): Compiled {
    if (scope.variables.has(name)) {
      return (env) => {
        const value = env[name];
        if (value === undefined) return fail(`'${name}' is not bound`);
        return value;
      };
    }
    if (name === 'request') return (_env, context) => context.request;
    if (name === 'resource') return (_env, context) => context.resource;
    if (UNSUPPORTED.has(name))
      throw this.error(`'${name}' is not evaluated by this emulator`, offset);
    if (scope.functions.has(name) || name in GLOBAL_FUNCTIONS)
      throw this.error(`'${name}' is a function: call it`, offset);
    throw this.error(`unknown name '${name}'`, offset);
  }

  private member(expr: Extract<Expr, { type: 'member' }>, scope: Scope): Compiled {
    const object = expr.object;
    // Fields of request, resource and request.resource are known: a typo is refused at load.
    if (
      object.type === 'identifier' &&
      object.name === 'request' &&
      !scope.variables.has('request')
    )
      if (!REQUEST_FIELDS.has(expr.property))
        throw this.error(`request has no field '${expr.property}'`, expr.offset);
    const isObject =
      (object.type === 'identifier' && object.name === 'resource') ||
      (object.type === 'member' &&
        object.property === 'resource' &&
        object.object.type === 'identifier' &&
        object.object.name === 'request');
    if (isObject && !OBJECT_FIELDS.has(expr.property))
      throw this.error(`a stored object has no field '${expr.property}'`, expr.offset);
    const target = this.expression(object, scope);
    const property = expr.property;
    return (env, context) => field(target(env, context), property);
  }

  private call(expr: Extract<Expr, { type: 'call' }>, scope: Scope): Compiled {
    const args = expr.args.map((arg) => this.expression(arg, scope));
    const callee = expr.callee;
    if (callee.type === 'member') {
      if (callee.object.type === 'identifier' && UNSUPPORTED.has(callee.object.name))
        throw this.error(
          `'${callee.object.name}' is not evaluated by this emulator`,
          callee.offset,
        );
      const method = METHODS[callee.property];
      if (!method) throw this.error(`unknown method '${callee.property}'`, callee.offset);
      const target = this.expression(callee.object, scope);
      return (env, context) =>
        method(
          target(env, context),
          args.map((arg) => arg(env, context)),
        );
    }
    if (callee.type !== 'identifier') throw this.error('only functions can be called', expr.offset);
    const name = callee.name;
    const arity = scope.functions.get(name);
    if (arity !== undefined) {
      if (arity !== args.length)
        throw this.error(`${name}() takes ${arity} argument(s), not ${args.length}`, expr.offset);
      return (env, context) => {
        const fn = context.functions.get(name);
        if (!fn) return fail(`no function ${name}`);
        const values = args.map((arg) => arg(env, context));
        if (context.depth >= MAX_CALL_DEPTH)
          return fail(`calls nested deeper than ${MAX_CALL_DEPTH}`);
        context.depth += 1;
        try {
          const local: Record<string, Value> = { ...env };
          fn.params.forEach((param, index) => {
            local[param] = values[index]!;
          });
          for (const binding of fn.lets) local[binding.name] = binding.value(local, context);
          return fn.body(local, context);
        } finally {
          context.depth -= 1;
        }
      };
    }
    const global = GLOBAL_FUNCTIONS[name];
    if (global) return (env, context) => global(args.map((arg) => arg(env, context)));
    if (UNSUPPORTED.has(name))
      throw this.error(`'${name}()' is not evaluated by this emulator`, callee.offset);
    throw this.error(`unknown function '${name}'`, callee.offset);
  }

  private binary(expr: Extract<Expr, { type: 'binary' }>, scope: Scope): Compiled {
    const left = this.expression(expr.left, scope);
    const right = this.expression(expr.right, scope);
    switch (expr.operator) {
      // Logical operators forgive an error on one side when the other decides (as CEL does).
      case '||':
        return (env, context) => {
          const a = attempt(() => toBoolean(left(env, context), 'an operand of ||'));
          if (a === true) return true;
          const b = attempt(() => toBoolean(right(env, context), 'an operand of ||'));
          if (b === true) return true;
          if (a instanceof RuleEvaluationError) throw a;
          if (b instanceof RuleEvaluationError) throw b;
          return false;
        };
      case '&&':
        return (env, context) => {
          const a = attempt(() => toBoolean(left(env, context), 'an operand of &&'));
          if (a === false) return false;
          const b = attempt(() => toBoolean(right(env, context), 'an operand of &&'));
          if (b === false) return false;
          if (a instanceof RuleEvaluationError) throw a;
          if (b instanceof RuleEvaluationError) throw b;
          return true;
        };
      case '==':
        return (env, context) => equals(left(env, context), right(env, context));
      case '!=':
        return (env, context) => !equals(left(env, context), right(env, context));
      case '<':
        return (env, context) => compare(left(env, context), right(env, context)) < 0;
      case '<=':
        return (env, context) => compare(left(env, context), right(env, context)) <= 0;
      case '>':
        return (env, context) => compare(left(env, context), right(env, context)) > 0;
      case '>=':
        return (env, context) => compare(left(env, context), right(env, context)) >= 0;
      case 'in':
        return (env, context) => {
          const needle = left(env, context);
          const haystack = right(env, context);
          if (isList(haystack)) return haystack.some((item) => equals(item, needle));
          if (isMap(haystack)) {
            if (typeof needle !== 'string') return fail('a map key must be a string');
            return Object.hasOwn(haystack, needle);
          }
          return fail(`'in' needs a list or a map, not ${typeOf(haystack)}`);
        };
      case '+':
        return (env, context) => {
          const a = left(env, context);
          const b = right(env, context);
          if (typeof a === 'bigint' && typeof b === 'bigint') return int64(a + b);
          if (isNumber(a) && isNumber(b)) return Number(a) + Number(b);
          if (typeof a === 'string' && typeof b === 'string') return a + b;
          if (isList(a) && isList(b)) return [...a, ...b];
          return fail(`cannot add ${typeOf(a)} and ${typeOf(b)}`);
        };
      case '-':
      case '*':
      case '/':
      case '%': {
        const operator = expr.operator;
        return (env, context) => {
          const a = left(env, context);
          const b = right(env, context);
          if (!isNumber(a) || !isNumber(b))
            return fail(`'${operator}' needs numbers, not ${typeOf(a)} and ${typeOf(b)}`);
          // Two ints stay an int (division truncates, as in the rules); a float makes a float.
          if (typeof a === 'bigint' && typeof b === 'bigint') {
            if (operator === '-') return int64(a - b);
            if (operator === '*') return int64(a * b);
            if (b === 0n) return fail('division by zero');
            return operator === '/' ? a / b : a % b;
          }
          const x = Number(a);
          const y = Number(b);
          if (operator === '-') return x - y;
          if (operator === '*') return x * y;
          if (y === 0) return fail('division by zero');
          return operator === '/' ? x / y : x % y;
        };
      }
    }
  }

  compileFunctions(
    declarations: readonly FunctionDecl[],
    outer: Scope,
    into: Map<string, CompiledFunction>,
  ): Scope {
    const functions = new Map(outer.functions);
    for (const declaration of declarations) {
      // One table for the whole ruleset: a name declared twice anywhere is refused.
      if (into.has(declaration.name) || functions.get(declaration.name) !== undefined)
        throw this.error(`function ${declaration.name} is declared twice`, declaration.offset);
      functions.set(declaration.name, declaration.params.length);
    }
    const scope: Scope = { variables: outer.variables, functions };
    for (const declaration of declarations) {
      const variables = new Set(outer.variables);
      for (const param of declaration.params) variables.add(param);
      const lets: { name: string; value: Compiled }[] = [];
      for (const binding of declaration.lets) {
        lets.push({
          name: binding.name,
          value: this.expression(binding.value, { variables: new Set(variables), functions }),
        });
        variables.add(binding.name);
      }
      into.set(declaration.name, {
        params: declaration.params,
        lets,
        body: this.expression(declaration.body, { variables, functions }),
      });
    }
    return scope;
  }
}

const INT64_MAX = 2n ** 63n - 1n;

/** Ints are 64-bit in the rules: overflow is an error. */
function int64(value: bigint): bigint {
  if (value > INT64_MAX || value < -INT64_MAX - 1n) return fail('integer overflow');
  return value;
}

function attempt(run: () => boolean): boolean | RuleEvaluationError {
  try {
    return run();
  } catch (error) {
    if (error instanceof RuleEvaluationError) return error;
    throw error;
  }
}

/** One match block with the full path from the service root, and its compiled allows. */
interface CompiledMatch {
  readonly path: readonly PathSegment[];
  readonly allows: readonly {
    operations: ReadonlySet<Operation>;
    condition: Compiled | null;
    line: number;
  }[];
}

/** What one request is, for the rules. */
export interface RulesRequest {
  operation: Operation;
  bucket: string;
  /** The object's name, or for `list` the prefix without its trailing slash. */
  name: string;
  /** `request.auth`: null when signed out, else `{uid, token}`. */
  auth: ValueMap | null;
  /** The stored object as the rules see it, or null. */
  resource: ValueMap | null;
  /** The object as it would be after a create or update, else null. */
  requestResource: ValueMap | null;
  now: number;
}

export interface RulesDecision {
  allowed: boolean;
  /** Lines of the allow statements that granted it, or the errors met on the way. */
  detail: string;
}

export interface StorageRuleset {
  readonly version: '1' | '2';
  decide(request: RulesRequest): RulesDecision;
}

/** Parses and compiles Storage rules; throws RulesError (line and column) when it cannot. */
export function compileStorageRules(text: string): StorageRuleset {
  const ast: RulesetAst = parseRules(text);
  const compiler = new Compiler(text);
  const functions = new Map<string, CompiledFunction>();
  const matches: CompiledMatch[] = [];
  const root = compiler.compileFunctions(
    ast.functions,
    { variables: new Set(), functions: new Map() },
    functions,
  );

  const visit = (block: MatchBlock, prefix: readonly PathSegment[], outer: Scope): void => {
    const path = [...prefix, ...block.path];
    const variables = new Set(outer.variables);
    for (const [index, segment] of block.path.entries()) {
      if (segment.kind === 'literal') continue;
      if (variables.has(segment.name))
        throw compiler.error(`path variable '${segment.name}' is already bound`, block.offset);
      if (segment.kind === 'rest' && index !== block.path.length - 1)
        throw compiler.error(`{${segment.name}=**} must be the last segment`, block.offset);
      variables.add(segment.name);
    }
    if (ast.version === '1' && block.matches.length > 0 && path.some((s) => s.kind === 'rest'))
      throw compiler.error('a {name=**} match cannot hold nested matches', block.offset);
    const scope = compiler.compileFunctions(
      block.functions,
      { variables, functions: outer.functions },
      functions,
    );
    matches.push({
      path,
      allows: block.allows.map((allow: AllowStatement) => ({
        operations: new Set(allow.operations),
        condition: allow.condition === null ? null : compiler.expression(allow.condition, scope),
        line: new Lexer(text).position(allow.offset).line,
      })),
    });
    for (const inner of block.matches) visit(inner, path, scope);
  };
  for (const block of ast.matches) visit(block, [], root);

  return {
    version: ast.version,
    decide(request) {
      const segments = [
        'b',
        request.bucket,
        'o',
        ...(request.name === '' ? [] : request.name.split('/')),
      ];
      const context: Context = {
        request: {
          auth: request.auth,
          method: request.operation,
          path: `/${segments.join('/')}`,
          resource: request.requestResource,
          time: new Timestamp(request.now),
        },
        resource: request.resource,
        functions,
        depth: 0,
      };
      const errors: string[] = [];
      for (const match of matches) {
        const env = matchPath(match.path, segments, ast.version);
        if (env === null) continue;
        for (const allow of match.allows) {
          if (!allow.operations.has(request.operation)) continue;
          if (allow.condition === null) return { allowed: true, detail: `line ${allow.line}` };
          try {
            if (allow.condition(env, context) === true)
              return { allowed: true, detail: `line ${allow.line}` };
          } catch (error) {
            if (!(error instanceof RuleEvaluationError)) throw error;
            errors.push(`line ${allow.line}: ${error.message}`);
          }
        }
      }
      return {
        allowed: false,
        detail: errors.length > 0 ? errors.join('; ') : 'no allow statement grants it',
      };
    },
  };
}

/** The path variables when `segments` match `pattern` whole, else null. */
function matchPath(
  pattern: readonly PathSegment[],
  segments: readonly string[],
  version: '1' | '2',
): Record<string, Value> | null {
  const env: Record<string, Value> = {};
  for (let index = 0; index < pattern.length; index++) {
    const part = pattern[index]!;
    if (part.kind === 'rest') {
      const rest = segments.slice(index);
      // Version 2: zero or more segments; version 1: one or more.
      if (version === '1' && rest.length === 0) return null;
      env[part.name] = rest.join('/');
      return env;
    }
    const segment = segments[index];
    if (segment === undefined) return null;
    if (part.kind === 'literal') {
      if (part.value !== segment) return null;
    } else {
      if (segment === '') return null;
      env[part.name] = segment;
    }
  }
  return segments.length === pattern.length ? env : null;
}
