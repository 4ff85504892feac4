export * from './statuses';
export * from './terminals';
export * from './register';
