export * from './display';
export * from './parse-date';
