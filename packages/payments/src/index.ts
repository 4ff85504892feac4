export * from './payment';
export * from './statuses';
