export * from './statuses';
export * from './terminals';
