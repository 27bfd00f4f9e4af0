// Errors of the rules engine: RulesError rejects a ruleset (with its line and column), a
// RuleEvaluationError makes one condition an error, which never grants (as in production).

export class RulesError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`line ${line}, column ${column}: ${message}`);
    this.name = 'RulesError';
  }
}

/** A runtime error (a missing field, a method on the wrong type): the condition is an error. */
export class RuleEvaluationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuleEvaluationError';
  }
}
