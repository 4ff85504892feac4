export * from './format';
export * from './amount-input';
