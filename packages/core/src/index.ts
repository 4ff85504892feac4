export * from './http';
export * from './permissions';
export * from './currency';
export * from './money';
export * from './text';
export * from './country';
export * from './date';
export * from './links';
