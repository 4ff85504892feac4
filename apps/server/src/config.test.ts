import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('DATABASE_POOL_SIZE', () => {
  it('is 10 connections unless set, and refuses what is not a whole number from 1 to 200', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '30' }).databasePoolSize).toBe(30);
    for (const bad of ['0', '201', '2.5', 'many']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });
});

describe('MAIL_RETENTION_DAYS', () => {
  it('keeps delivered mail 30 days unless set, and refuses what is not a whole number from 1 to 3650', () => {
    expect(loadConfig({}).mailRetentionDays).toBe(30);
    expect(loadConfig({ MAIL_RETENTION_DAYS: '90' }).mailRetentionDays).toBe(90);
    for (const bad of ['0', '3651', '1.5', 'forever']) {
      expect(() => loadConfig({ MAIL_RETENTION_DAYS: bad })).toThrow(/MAIL_RETENTION_DAYS/);
    }
  });
});
