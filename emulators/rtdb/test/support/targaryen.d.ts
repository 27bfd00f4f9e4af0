// Minimal types for `targaryen` 3.1 (no published typings): the offline rules evaluator used as a
// differential oracle for rule decisions.
declare module 'targaryen' {
  export interface Result {
    allowed: boolean;
    permitted: boolean;
    validated: boolean;
    info: string;
  }

  export interface Database {
    as(auth: unknown): Database;
    read(path: string, options?: { query?: Record<string, unknown> }): Result;
    write(path: string, value: unknown, options?: { priority?: unknown }): Result;
    update(path: string, patch: Record<string, unknown>): Result;
  }

  const targaryen: {
    database(rules: object, data: unknown, now?: number): Database;
  };
  export default targaryen;
}
