export * from './payment';
export * from './statuses';
export * from './checkout-paths';
export * from './payment-links';
export * from './static-qr-codes';
