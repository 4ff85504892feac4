export * from './business';
export * from './endpoints';
