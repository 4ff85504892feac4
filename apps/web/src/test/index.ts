/** Shared web test fixtures: render with the app's providers, and a fetch stub that answers by endpoint. */
export * from './api-stub';
export * from './render';
export * from './owner';
export * from './viewport';
