export * from './display';
export * from './parse-date';
export * from './user-agent';
