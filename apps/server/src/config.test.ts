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

describe('ROLE', () => {
  it('is one process doing everything unless set; web and worker need PostgreSQL, and anything else is refused', () => {
    expect(loadConfig({}).role).toBe('all');
    expect(loadConfig({ ROLE: 'web', DATABASE_URL: 'postgres://db/app' }).role).toBe('web');
    expect(loadConfig({ ROLE: 'worker', DATABASE_URL: 'postgres://db/app' }).role).toBe('worker');
    expect(() => loadConfig({ ROLE: 'web' })).toThrow(/ROLE: web needs DATABASE_URL/);
    expect(() => loadConfig({ ROLE: 'worker' })).toThrow(/ROLE: worker needs DATABASE_URL/);
    expect(() => loadConfig({ ROLE: 'jobs', DATABASE_URL: 'postgres://db/app' })).toThrow(/ROLE/);
  });
});

describe('SHUTDOWN_DELAY_MS and SHUTDOWN_GRACE_MS', () => {
  it('stop at once and give requests and jobs 10 s unless set; refuse what is not a whole number in range', () => {
    expect(loadConfig({})).toMatchObject({ shutdownDelayMs: 0, shutdownGraceMs: 10_000 });
    expect(loadConfig({ SHUTDOWN_DELAY_MS: '5000', SHUTDOWN_GRACE_MS: '30000' })).toMatchObject({ shutdownDelayMs: 5000, shutdownGraceMs: 30_000 });
    expect(() => loadConfig({ SHUTDOWN_DELAY_MS: '-1' })).toThrow(/SHUTDOWN_DELAY_MS/);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: 'soon' })).toThrow(/SHUTDOWN_GRACE_MS/);
  });
});

describe('METRICS_TOKEN', () => {
  it('is unset unless given, and refused when it is short enough to guess', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'x'.repeat(24) }).metricsToken).toBe('x'.repeat(24));
    expect(() => loadConfig({ METRICS_TOKEN: 'secret' })).toThrow(/METRICS_TOKEN: at least 24 characters/);
  });
});
