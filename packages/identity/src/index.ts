export * from './identity';
export * from './login';
export * from './endpoints';
export * from './routes';
