export * from './countries';
export * from './time-zones';
