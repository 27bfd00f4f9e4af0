// Errors of the rules engine: RulesError rejects an upload, RuleEvaluationError makes one
// rule evaluate to false (errors never grant).

export class RulesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RulesError';
  }
}

/** A syntax or type error inside one expression; the caller adds the rules path. */
export class ExpressionError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
    this.name = 'ExpressionError';
  }
}

/** Runtime error (property of null, method on the wrong type): that rule is false. */
export class RuleEvaluationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuleEvaluationError';
  }
}
