// The syntax tree of a Storage ruleset: the service, nested match blocks, allow statements and
// functions, and the expressions inside them. Offsets point into the source for messages.
import type { PathSegment } from './lexer';

export type Expr = { readonly offset: number } & (
  | {
      readonly type: 'literal';
      readonly value: string | number | boolean | null;
      readonly int?: boolean;
    }
  | { readonly type: 'list'; readonly elements: readonly Expr[] }
  | { readonly type: 'identifier'; readonly name: string }
  | { readonly type: 'member'; readonly object: Expr; readonly property: string }
  | { readonly type: 'index'; readonly object: Expr; readonly index: Expr }
  | { readonly type: 'call'; readonly callee: Expr; readonly args: readonly Expr[] }
  | { readonly type: 'unary'; readonly operator: '!' | '-'; readonly argument: Expr }
  | {
      readonly type: 'binary';
      readonly operator: BinaryOperator;
      readonly left: Expr;
      readonly right: Expr;
    }
  | { readonly type: 'is'; readonly value: Expr; readonly typeName: string }
  | {
      readonly type: 'conditional';
      readonly test: Expr;
      readonly consequent: Expr;
      readonly alternate: Expr;
    }
);

export type BinaryOperator =
  '||' | '&&' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | '+' | '-' | '*' | '/' | '%';

export interface FunctionDecl {
  readonly name: string;
  readonly params: readonly string[];
  readonly lets: readonly { name: string; value: Expr }[];
  readonly body: Expr;
  readonly offset: number;
}

/** The operations a rule may name; `read` and `write` expand to these. */
export type Operation = 'get' | 'list' | 'create' | 'update' | 'delete';

export interface AllowStatement {
  readonly operations: readonly Operation[];
  /** Absent: `allow read;`, always granted. */
  readonly condition: Expr | null;
  readonly offset: number;
}

export interface MatchBlock {
  readonly path: readonly PathSegment[];
  readonly functions: readonly FunctionDecl[];
  readonly allows: readonly AllowStatement[];
  readonly matches: readonly MatchBlock[];
  readonly offset: number;
}

export interface RulesetAst {
  readonly version: '1' | '2';
  readonly functions: readonly FunctionDecl[];
  readonly matches: readonly MatchBlock[];
}
