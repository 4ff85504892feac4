export * from './statuses';
export * from './terminals';
export * from './mall-gto';
