export * from './order-schema';
export * from './order-arithmetic';
