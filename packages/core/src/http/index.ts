export * from './errors';
export * from './endpoint';
export * from './pagination';
export * from './zod-messages';
export * from './api-paths';
export * from './idempotency';
export * from './endpoint-errors';
export * from './file-answer';
