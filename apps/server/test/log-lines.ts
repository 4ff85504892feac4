import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { createLogger } from '../src/lib/logger';

/** The app's own logger (its serializers and redaction) writing into `lines`, one JSON line per entry, for tests of what is logged. */
export function capturedLog(level: Parameters<typeof createLogger>[0]): { logger: Logger; lines: string[]; text: () => string } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { logger: createLogger(level, sink), lines, text: () => lines.join('') };
}
