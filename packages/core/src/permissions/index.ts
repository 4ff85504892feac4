export * from './permissions';
export * from './standing';
