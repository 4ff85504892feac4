export * from './calendar-date';
