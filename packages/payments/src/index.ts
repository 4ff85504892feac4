export * from './payment';
export * from './statuses';
export * from './checkout-paths';
export * from './charges';
export * from './customers';
export * from './products';
export * from './payment-methods';
export * from './checkout-customisation';
