// Tokens of the Security Rules language as Cloud Storage for Firebase uses it. Match paths are
// read by `readPath`, on the parser's request, because `/b/{bucket}/o` is not an expression.
import { RulesError } from './errors';

export type Token =
  | { kind: 'ident'; value: string; offset: number }
  | { kind: 'int'; value: number; offset: number }
  | { kind: 'float'; value: number; offset: number }
  | { kind: 'string'; value: string; offset: number }
  | { kind: 'punct'; value: string; offset: number }
  | { kind: 'eof'; offset: number };

const PUNCTUATORS = [
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  ';',
  ',',
  '.',
  ':',
  '?',
  '=',
  '<',
  '>',
  '!',
  '+',
  '-',
  '*',
  '/',
  '%',
];

/** One segment of a match path: a literal, `{name}` or `{name=**}`. */
export type PathSegment =
  | { kind: 'literal'; value: string }
  | { kind: 'single'; name: string }
  | { kind: 'rest'; name: string };

export class Lexer {
  private offset = 0;
  private peeked: Token | null = null;

  constructor(readonly text: string) {}

  /** Line and column (1-based) of an offset, for messages. */
  position(offset: number): { line: number; column: number } {
    const before = this.text.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    return { line, column };
  }

  error(message: string, offset: number): RulesError {
    const { line, column } = this.position(offset);
    return new RulesError(message, line, column);
  }

  peek(): Token {
    this.peeked ??= this.read();
    return this.peeked;
  }

  next(): Token {
    const token = this.peek();
    this.peeked = null;
    return token;
  }

  private skipSpaceAndComments(): void {
    for (;;) {
      const rest = this.text.slice(this.offset);
      const space = /^\s+/.exec(rest);
      if (space) {
        this.offset += space[0].length;
        continue;
      }
      if (rest.startsWith('//')) {
        const end = this.text.indexOf('\n', this.offset);
        this.offset = end === -1 ? this.text.length : end + 1;
        continue;
      }
      if (rest.startsWith('/*')) {
        const end = this.text.indexOf('*/', this.offset + 2);
        if (end === -1) throw this.error('unterminated comment', this.offset);
        this.offset = end + 2;
        continue;
      }
      return;
    }
  }

  private read(): Token {
    this.skipSpaceAndComments();
    const start = this.offset;
    if (start >= this.text.length) return { kind: 'eof', offset: start };
    const rest = this.text.slice(start);
    const ident = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
    if (ident) {
      this.offset += ident[0].length;
      return { kind: 'ident', value: ident[0], offset: start };
    }
    const number = /^(\d+\.\d+(?:[eE][+-]?\d+)?|\d+[eE][+-]?\d+|\d+)/.exec(rest);
    if (number) {
      this.offset += number[0].length;
      const text = number[0];
      const isFloat = /[.eE]/.test(text);
      return { kind: isFloat ? 'float' : 'int', value: Number(text), offset: start };
    }
    const quote = rest[0];
    if (quote === '"' || quote === "'") return this.readString(quote, start);
    for (const punct of PUNCTUATORS) {
      if (rest.startsWith(punct)) {
        this.offset += punct.length;
        return { kind: 'punct', value: punct, offset: start };
      }
    }
    throw this.error(`unexpected character '${rest[0]}'`, start);
  }

  private readString(quote: string, start: number): Token {
    let value = '';
    let index = start + 1;
    for (;;) {
      const char = this.text[index];
      if (char === undefined || char === '\n') throw this.error('unterminated string', start);
      if (char === quote) break;
      if (char === '\\') {
        const escaped = this.text[index + 1];
        const known: Record<string, string> = {
          n: '\n',
          t: '\t',
          r: '\r',
          '\\': '\\',
          "'": "'",
          '"': '"',
        };
        if (escaped === undefined) throw this.error('unterminated string', start);
        // Unknown escapes keep their backslash, so a regular expression's `\.` reaches RE2 as is.
        value += known[escaped] ?? `\\${escaped}`;
        index += 2;
        continue;
      }
      value += char;
      index += 1;
    }
    this.offset = index + 1;
    return { kind: 'string', value, offset: start };
  }

  /** After `match`: `/seg/{name}/{rest=**}`, up to the block's `{`. */
  readPath(): { segments: PathSegment[]; offset: number } {
    if (this.peeked !== null) throw this.error('internal: path read after a peek', this.offset);
    this.skipSpaceAndComments();
    const start = this.offset;
    const segments: PathSegment[] = [];
    while (this.text[this.offset] === '/') {
      this.offset += 1;
      const rest = this.text.slice(this.offset);
      const wildcard = /^\{([A-Za-z_][A-Za-z0-9_]*)(=\*\*)?\}/.exec(rest);
      if (wildcard) {
        this.offset += wildcard[0].length;
        const name = wildcard[1]!;
        segments.push(wildcard[2] ? { kind: 'rest', name } : { kind: 'single', name });
        continue;
      }
      const literal = /^[A-Za-z0-9_.~%-]+/.exec(rest);
      if (!literal) throw this.error('expected a path segment after /', this.offset);
      this.offset += literal[0].length;
      segments.push({ kind: 'literal', value: literal[0] });
    }
    if (segments.length === 0) throw this.error('expected a match path starting with /', start);
    return { segments, offset: start };
  }
}
