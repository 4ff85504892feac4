export * from './format';
export * from './amount-input';
export * from './money-schema';
