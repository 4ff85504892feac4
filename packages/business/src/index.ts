export * from './business';
export * from './endpoints';
export * from './details';
export * from './staff';
export * from './onboarding';
export * from './audit-log';
export * from './notification-settings';
export * from './email-templates';
