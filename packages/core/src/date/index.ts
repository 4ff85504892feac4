export * from './calendar-date';
export * from './business-day';
