// Public surface of the query engine (ordering, windows, wire and REST query parsing).

export { MAX_NAME, MIN_NAME, compareKeys, sortedChildren } from './order';
export { isDefaultQuery, parseWireQuery } from './wire-query';
export type { WireQuery } from './wire-query';
export { queryWindow } from './window';
export { restParamsToWireQuery } from './rest-params';
