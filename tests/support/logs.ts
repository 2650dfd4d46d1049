import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../server/lib/logger';

/** A real pino logger whose lines are kept, so tests can assert what was (or was never) logged. */
export function captureLogger(): { logger: Logger; lines: string[]; text: () => string } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger('debug', sink), lines, text: () => lines.join('') };
}
