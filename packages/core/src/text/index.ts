export * from './text';
export * from './text-schema';
