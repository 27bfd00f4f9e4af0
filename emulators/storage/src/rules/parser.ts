// Parser of Storage rules: `rules_version`, `service firebase.storage`, nested `match` blocks,
// `allow <operations>[: if <condition>];` and `function name(params) { let …; return …; }`.
// Anything else (another service, `import`, statements we do not know) is refused with its
// line and column.
import type {
  AllowStatement,
  BinaryOperator,
  Expr,
  FunctionDecl,
  MatchBlock,
  Operation,
  RulesetAst,
} from './ast';
import { Lexer, type Token } from './lexer';

const OPERATIONS: Record<string, readonly Operation[]> = {
  read: ['get', 'list'],
  write: ['create', 'update', 'delete'],
  get: ['get'],
  list: ['list'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
};

/** Binary operators by precedence, loosest first (`?:` sits above them). */
const LEVELS: readonly (readonly BinaryOperator[])[] = [
  ['||'],
  ['&&'],
  ['==', '!=', '<', '<=', '>', '>=', 'in'],
  ['+', '-'],
  ['*', '/', '%'],
];

export function parseRules(text: string): RulesetAst {
  return new Parser(text).ruleset();
}

class Parser {
  private readonly lexer: Lexer;

  constructor(text: string) {
    this.lexer = new Lexer(text);
  }

  private fail(message: string, token: Token = this.lexer.peek()): never {
    throw this.lexer.error(message, token.offset);
  }

  private describe(token: Token): string {
    if (token.kind === 'eof') return 'the end of the rules';
    return `'${String(token.value)}'`;
  }

  private isPunct(value: string): boolean {
    const token = this.lexer.peek();
    return token.kind === 'punct' && token.value === value;
  }

  private isIdent(value: string): boolean {
    const token = this.lexer.peek();
    return token.kind === 'ident' && token.value === value;
  }

  private punct(value: string): Token {
    const token = this.lexer.next();
    if (token.kind !== 'punct' || token.value !== value)
      this.fail(`expected '${value}' but found ${this.describe(token)}`, token);
    return token;
  }

  private keyword(value: string): Token {
    const token = this.lexer.next();
    if (token.kind !== 'ident' || token.value !== value)
      this.fail(`expected '${value}' but found ${this.describe(token)}`, token);
    return token;
  }

  private ident(what: string): { name: string; offset: number } {
    const token = this.lexer.next();
    if (token.kind !== 'ident')
      this.fail(`expected ${what} but found ${this.describe(token)}`, token);
    return { name: token.value, offset: token.offset };
  }

  ruleset(): RulesetAst {
    let version: '1' | '2' = '1';
    if (this.isIdent('rules_version')) {
      this.lexer.next();
      this.punct('=');
      const token = this.lexer.next();
      if (token.kind !== 'string' || (token.value !== '1' && token.value !== '2'))
        this.fail("rules_version must be '1' or '2'", token);
      version = token.value;
      this.punct(';');
    }
    this.keyword('service');
    const first = this.ident('a service name');
    this.punct('.');
    const second = this.ident('a service name');
    const service = `${first.name}.${second.name}`;
    if (service !== 'firebase.storage')
      this.fail(`this emulator evaluates 'firebase.storage' rules, not '${service}'`, {
        kind: 'ident',
        value: service,
        offset: first.offset,
      });
    this.punct('{');
    const body = this.blockBody(false);
    this.punct('}');
    const end = this.lexer.peek();
    if (end.kind !== 'eof') this.fail(`unexpected ${this.describe(end)} after the service`, end);
    if (body.allows.length > 0) this.fail('allow statements belong inside a match block');
    return { version, functions: body.functions, matches: body.matches };
  }

  private blockBody(insideMatch: boolean) {
    const functions: FunctionDecl[] = [];
    const allows: AllowStatement[] = [];
    const matches: MatchBlock[] = [];
    while (!this.isPunct('}')) {
      const token = this.lexer.peek();
      if (token.kind === 'ident' && token.value === 'match') matches.push(this.match());
      else if (token.kind === 'ident' && token.value === 'function') functions.push(this.func());
      else if (token.kind === 'ident' && token.value === 'allow' && insideMatch)
        allows.push(this.allow());
      else this.fail(`unexpected ${this.describe(token)}: expected match, allow or function`);
    }
    return { functions, allows, matches };
  }

  private match(): MatchBlock {
    const start = this.keyword('match');
    const { segments } = this.lexer.readPath();
    this.punct('{');
    const body = this.blockBody(true);
    this.punct('}');
    return { path: segments, ...body, offset: start.offset };
  }

  private allow(): AllowStatement {
    const start = this.keyword('allow');
    const operations = new Set<Operation>();
    for (;;) {
      const name = this.ident('an operation (read, write, get, list, create, update, delete)');
      const expanded = OPERATIONS[name.name];
      if (!expanded)
        this.fail(`unknown operation '${name.name}'`, {
          kind: 'ident',
          value: name.name,
          offset: name.offset,
        });
      for (const operation of expanded) operations.add(operation);
      if (!this.isPunct(',')) break;
      this.lexer.next();
    }
    let condition: Expr | null = null;
    if (this.isPunct(':')) {
      this.lexer.next();
      this.keyword('if');
      condition = this.expression();
    }
    this.punct(';');
    return { operations: [...operations], condition, offset: start.offset };
  }

  private func(): FunctionDecl {
    const start = this.keyword('function');
    const { name } = this.ident('a function name');
    this.punct('(');
    const params: string[] = [];
    if (!this.isPunct(')')) {
      for (;;) {
        params.push(this.ident('a parameter name').name);
        if (!this.isPunct(',')) break;
        this.lexer.next();
      }
    }
    this.punct(')');
    this.punct('{');
    const lets: { name: string; value: Expr }[] = [];
    while (this.isIdent('let')) {
      this.lexer.next();
      const binding = this.ident('a variable name');
      this.punct('=');
      lets.push({ name: binding.name, value: this.expression() });
      this.punct(';');
    }
    this.keyword('return');
    const body = this.expression();
    this.punct(';');
    this.punct('}');
    return { name, params, lets, body, offset: start.offset };
  }

  expression(): Expr {
    const test = this.binary(0);
    if (!this.isPunct('?')) return test;
    this.lexer.next();
    const consequent = this.expression();
    this.punct(':');
    const alternate = this.expression();
    return { type: 'conditional', test, consequent, alternate, offset: test.offset };
  }

  private binary(level: number): Expr {
    const operators = LEVELS[level];
    if (operators === undefined) return this.unary();
    let left = this.binary(level + 1);
    for (;;) {
      const token = this.lexer.peek();
      const value = token.kind === 'punct' || token.kind === 'ident' ? token.value : null;
      if (value === 'is' && level === 2) {
        this.lexer.next();
        const typeName = this.ident('a type name').name;
        left = { type: 'is', value: left, typeName, offset: left.offset };
        continue;
      }
      if (value === null || !(operators as readonly string[]).includes(value)) return left;
      if (token.kind === 'ident' && value !== 'in') return left;
      this.lexer.next();
      const right = this.binary(level + 1);
      left = {
        type: 'binary',
        operator: value as BinaryOperator,
        left,
        right,
        offset: left.offset,
      };
    }
  }

  private unary(): Expr {
    const token = this.lexer.peek();
    if (token.kind === 'punct' && (token.value === '!' || token.value === '-')) {
      this.lexer.next();
      return {
        type: 'unary',
        operator: token.value,
        argument: this.unary(),
        offset: token.offset,
      };
    }
    return this.postfix();
  }

  private postfix(): Expr {
    let expr = this.primary();
    for (;;) {
      if (this.isPunct('.')) {
        this.lexer.next();
        const property = this.ident('a field or method name');
        expr = { type: 'member', object: expr, property: property.name, offset: property.offset };
      } else if (this.isPunct('[')) {
        const open = this.lexer.next();
        const index = this.expression();
        this.punct(']');
        expr = { type: 'index', object: expr, index, offset: open.offset };
      } else if (this.isPunct('(')) {
        const open = this.lexer.next();
        const args: Expr[] = [];
        if (!this.isPunct(')')) {
          for (;;) {
            args.push(this.expression());
            if (!this.isPunct(',')) break;
            this.lexer.next();
          }
        }
        this.punct(')');
        expr = { type: 'call', callee: expr, args, offset: open.offset };
      } else {
        return expr;
      }
    }
  }

  private primary(): Expr {
    const token = this.lexer.next();
    switch (token.kind) {
      case 'int':
        return { type: 'literal', value: token.value, int: true, offset: token.offset };
      case 'float':
        return { type: 'literal', value: token.value, offset: token.offset };
      case 'string':
        return { type: 'literal', value: token.value, offset: token.offset };
      case 'ident':
        if (token.value === 'true' || token.value === 'false')
          return { type: 'literal', value: token.value === 'true', offset: token.offset };
        if (token.value === 'null') return { type: 'literal', value: null, offset: token.offset };
        return { type: 'identifier', name: token.value, offset: token.offset };
      case 'punct':
        if (token.value === '(') {
          const inner = this.expression();
          this.punct(')');
          return inner;
        }
        if (token.value === '[') {
          const elements: Expr[] = [];
          if (!this.isPunct(']')) {
            for (;;) {
              elements.push(this.expression());
              if (!this.isPunct(',')) break;
              this.lexer.next();
            }
          }
          this.punct(']');
          return { type: 'list', elements, offset: token.offset };
        }
        break;
      case 'eof':
        break;
    }
    return this.fail(`expected an expression but found ${this.describe(token)}`, token);
  }
}
