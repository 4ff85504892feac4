export * from './payment';
export * from './statuses';
export * from './checkout-paths';
export * from './payment-methods';
export * from './checkout-customisation';
