// Parser for the rules expression language: a JavaScript expression subset.
// Produces an AST; typing and compilation to closures happen in compile-expression.ts.

import { ExpressionError } from './errors';

export type BinaryOperator =
  '+' | '-' | '*' | '/' | '%' | '<' | '<=' | '>' | '>=' | '==' | '!=' | '===' | '!==';

export type Expr = { readonly start: number } & (
  | { readonly type: 'literal'; readonly value: string | number | boolean | null }
  | { readonly type: 'regex'; readonly pattern: string; readonly flags: string }
  | { readonly type: 'array'; readonly elements: readonly Expr[] }
  | { readonly type: 'identifier'; readonly name: string }
  | { readonly type: 'member'; readonly object: Expr; readonly property: string }
  | { readonly type: 'index'; readonly object: Expr; readonly property: Expr }
  | { readonly type: 'call'; readonly callee: Expr; readonly args: readonly Expr[] }
  | { readonly type: 'unary'; readonly operator: '!' | '-'; readonly argument: Expr }
  | {
      readonly type: 'binary';
      readonly operator: BinaryOperator;
      readonly left: Expr;
      readonly right: Expr;
    }
  | {
      readonly type: 'logical';
      readonly operator: '&&' | '||';
      readonly left: Expr;
      readonly right: Expr;
    }
  | {
      readonly type: 'conditional';
      readonly test: Expr;
      readonly consequent: Expr;
      readonly alternate: Expr;
    }
);

type Token =
  | { kind: 'number'; value: number; start: number }
  | { kind: 'string'; value: string; start: number }
  | { kind: 'identifier'; value: string; start: number }
  | { kind: 'regex'; pattern: string; flags: string; start: number }
  | { kind: 'punct'; value: string; start: number }
  | { kind: 'eof'; start: number };

const PUNCTUATORS = [
  '===',
  '!==',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '<',
  '>',
  '+',
  '-',
  '*',
  '/',
  '%',
  '!',
  '?',
  ':',
  '(',
  ')',
  '[',
  ']',
  '.',
  ',',
];

const IDENTIFIER_START = /[A-Za-z_$]/;
const IDENTIFIER_PART = /[A-Za-z0-9_$]/;
const NUMBER = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;

const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
};

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  // A `/` starts a regex literal where an operand is expected, otherwise it divides.
  const operandExpected = (): boolean => {
    const last = tokens[tokens.length - 1];
    if (last === undefined) return true;
    if (last.kind === 'punct') return last.value !== ')' && last.value !== ']';
    return false;
  };
  while (pos < source.length) {
    const char = source[pos] as string;
    if (/\s/.test(char)) {
      pos++;
      continue;
    }
    const start = pos;
    if (char === '"' || char === "'") {
      let value = '';
      pos++;
      for (;;) {
        const c = source[pos];
        if (c === undefined) throw new ExpressionError('Unterminated string literal', start);
        pos++;
        if (c === char) break;
        if (c !== '\\') {
          value += c;
          continue;
        }
        const escaped = source[pos];
        if (escaped === undefined) throw new ExpressionError('Unterminated string literal', start);
        pos++;
        if (escaped === 'u' || escaped === 'x') {
          const length = escaped === 'u' ? 4 : 2;
          const hex = source.slice(pos, pos + length);
          if (!new RegExp(`^[0-9a-fA-F]{${length}}$`).test(hex)) {
            throw new ExpressionError('Invalid escape sequence', pos - 2);
          }
          value += String.fromCharCode(parseInt(hex, 16));
          pos += length;
        } else {
          value += ESCAPES[escaped] ?? escaped;
        }
      }
      tokens.push({ kind: 'string', value, start });
      continue;
    }
    if (/\d/.test(char) || (char === '.' && /\d/.test(source[pos + 1] ?? ''))) {
      const match = NUMBER.exec(source.slice(pos));
      const text = match?.[0] ?? char;
      if (IDENTIFIER_START.test(source[pos + text.length] ?? '')) {
        throw new ExpressionError('Invalid number literal', start);
      }
      tokens.push({ kind: 'number', value: Number(text), start });
      pos += text.length;
      continue;
    }
    if (IDENTIFIER_START.test(char)) {
      while (pos < source.length && IDENTIFIER_PART.test(source[pos] as string)) pos++;
      tokens.push({ kind: 'identifier', value: source.slice(start, pos), start });
      continue;
    }
    if (char === '/' && operandExpected()) {
      let inClass = false;
      pos++;
      for (;;) {
        const c = source[pos];
        if (c === undefined || c === '\n')
          throw new ExpressionError('Unterminated regular expression', start);
        pos++;
        if (c === '\\') {
          pos++;
        } else if (c === '[') {
          inClass = true;
        } else if (c === ']') {
          inClass = false;
        } else if (c === '/' && !inClass) {
          break;
        }
      }
      const pattern = source.slice(start + 1, pos - 1);
      const flagsStart = pos;
      while (pos < source.length && IDENTIFIER_PART.test(source[pos] as string)) pos++;
      tokens.push({ kind: 'regex', pattern, flags: source.slice(flagsStart, pos), start });
      continue;
    }
    const punct = PUNCTUATORS.find((p) => source.startsWith(p, pos));
    if (punct === undefined)
      throw new ExpressionError(`Unexpected character ${JSON.stringify(char)}`, start);
    tokens.push({ kind: 'punct', value: punct, start });
    pos += punct.length;
  }
  tokens.push({ kind: 'eof', start: source.length });
  return tokens;
}

const BINARY_PRECEDENCE: Record<string, number> = {
  '==': 1,
  '!=': 1,
  '===': 1,
  '!==': 1,
  '<': 2,
  '<=': 2,
  '>': 2,
  '>=': 2,
  '+': 3,
  '-': 3,
  '*': 4,
  '/': 4,
  '%': 4,
};

class Parser {
  private index = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): Expr {
    if (this.peek().kind === 'eof') throw new ExpressionError('Empty expression', 0);
    const expr = this.conditional();
    const rest = this.peek();
    if (rest.kind !== 'eof') throw new ExpressionError(`Unexpected ${describe(rest)}`, rest.start);
    return expr;
  }

  private peek(): Token {
    return this.tokens[this.index] as Token;
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'eof') this.index++;
    return token;
  }

  private isPunct(value: string): boolean {
    const token = this.peek();
    return token.kind === 'punct' && token.value === value;
  }

  private expectPunct(value: string): void {
    const token = this.next();
    if (token.kind !== 'punct' || token.value !== value) {
      throw new ExpressionError(`Expected "${value}" but found ${describe(token)}`, token.start);
    }
  }

  private conditional(): Expr {
    const test = this.logicalOr();
    if (!this.isPunct('?')) return test;
    this.next();
    const consequent = this.conditional();
    this.expectPunct(':');
    const alternate = this.conditional();
    return { type: 'conditional', test, consequent, alternate, start: test.start };
  }

  private logicalOr(): Expr {
    let left = this.logicalAnd();
    while (this.isPunct('||')) {
      this.next();
      left = { type: 'logical', operator: '||', left, right: this.logicalAnd(), start: left.start };
    }
    return left;
  }

  private logicalAnd(): Expr {
    let left = this.binary(1);
    while (this.isPunct('&&')) {
      this.next();
      left = { type: 'logical', operator: '&&', left, right: this.binary(1), start: left.start };
    }
    return left;
  }

  /** Precedence climbing over the left-associative binary operators. */
  private binary(minPrecedence: number): Expr {
    let left = this.unary();
    for (;;) {
      const token = this.peek();
      const precedence = token.kind === 'punct' ? BINARY_PRECEDENCE[token.value] : undefined;
      if (precedence === undefined || precedence < minPrecedence) return left;
      this.next();
      const right = this.binary(precedence + 1);
      const operator = (token as { value: string }).value as BinaryOperator;
      left = { type: 'binary', operator, left, right, start: left.start };
    }
  }

  private unary(): Expr {
    const token = this.peek();
    if (token.kind === 'punct' && (token.value === '!' || token.value === '-')) {
      this.next();
      return { type: 'unary', operator: token.value, argument: this.unary(), start: token.start };
    }
    return this.postfix();
  }

  private postfix(): Expr {
    let expr = this.primary();
    for (;;) {
      if (this.isPunct('.')) {
        this.next();
        const name = this.next();
        if (name.kind !== 'identifier') {
          throw new ExpressionError(
            `Expected a property name but found ${describe(name)}`,
            name.start,
          );
        }
        expr = { type: 'member', object: expr, property: name.value, start: expr.start };
      } else if (this.isPunct('[')) {
        this.next();
        const property = this.conditional();
        this.expectPunct(']');
        expr = { type: 'index', object: expr, property, start: expr.start };
      } else if (this.isPunct('(')) {
        this.next();
        expr = { type: 'call', callee: expr, args: this.list(')'), start: expr.start };
      } else {
        return expr;
      }
    }
  }

  private list(close: string): Expr[] {
    const items: Expr[] = [];
    if (this.isPunct(close)) {
      this.next();
      return items;
    }
    for (;;) {
      items.push(this.conditional());
      if (this.isPunct(',')) {
        this.next();
        continue;
      }
      this.expectPunct(close);
      return items;
    }
  }

  private primary(): Expr {
    const token = this.next();
    switch (token.kind) {
      case 'number':
      case 'string':
        return { type: 'literal', value: token.value, start: token.start };
      case 'regex':
        return { type: 'regex', pattern: token.pattern, flags: token.flags, start: token.start };
      case 'identifier':
        if (token.value === 'true' || token.value === 'false') {
          return { type: 'literal', value: token.value === 'true', start: token.start };
        }
        if (token.value === 'null') return { type: 'literal', value: null, start: token.start };
        return { type: 'identifier', name: token.value, start: token.start };
      case 'punct':
        if (token.value === '(') {
          const inner = this.conditional();
          this.expectPunct(')');
          return inner;
        }
        if (token.value === '[')
          return { type: 'array', elements: this.list(']'), start: token.start };
        throw new ExpressionError(`Unexpected ${describe(token)}`, token.start);
      case 'eof':
        throw new ExpressionError('Unexpected end of expression', token.start);
    }
  }
}

function describe(token: Token): string {
  switch (token.kind) {
    case 'eof':
      return 'end of expression';
    case 'regex':
      return 'regular expression';
    case 'punct':
    case 'identifier':
      return `"${token.value}"`;
    default:
      return JSON.stringify(token.value);
  }
}

/** Parses one rules expression; throws ExpressionError with the offending position. */
export function parseExpression(source: string): Expr {
  return new Parser(tokenize(source)).parse();
}
