export * from './statuses';
export * from './terminals';
export * from './register';
export * from './mall-gto';
export * from './public-readers';
export * from './register-drafts';
