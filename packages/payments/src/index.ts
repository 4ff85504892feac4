export * from './payment';
export * from './statuses';
export * from './checkout-paths';
export * from './customers';
export * from './products';
