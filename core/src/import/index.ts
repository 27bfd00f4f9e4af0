// The import's pure part: column names, row parsing, records, balances, history, report.
export * from './fields';
export * from './sources';
export * from './headers';
export * from './values';
export * from './keys';
export * from './records';
export * from './reasons';
export * from './schemas';
export * from './balance';
export * from './plans';
export * from './membership';
export * from './history';
export * from './pipeline';
export * from './report';
export * from './progress';
export * from './export';
