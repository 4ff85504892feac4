export * from './statuses';
export * from './products';
export * from './categories';
export * from './add-ons';
export * from './product-log';
export * from './locations';
export * from './stock';
export * from './store-orders';
