export * from './identity';
export * from './endpoints';
