export * from './errors';
export * from './endpoint';
export * from './pagination';
