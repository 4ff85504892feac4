// Types of scripts/postgres.mjs for the TypeScript tests that start servers with it.
export interface StartedPostgres {
  url: string;
  port: number;
  logFile: string;
  stop(): void;
}
export function startPostgres(): Promise<StartedPostgres>;
export function startReplica(primary: { port: number }): Promise<{ url: string; port: number; stop(): void }>;
export const PGBOUNCER: string;
export function startPgBouncer(
  server: { port: number },
  options?: { poolSize?: number },
): Promise<{ port: number; urlOf(databaseUrl: string): string; stop(): void }>;
