import type { IncomingMessage } from 'node:http';
import pino, { type DestinationStream, type Logger } from 'pino';
import { maskSecretPaths } from './secret-paths';

/**
 * Card fields a log line must never carry (docs/payments.md, "The processor"): the number and the CVC, at any
 * depth a request body, an error or a service's input puts them (up to four levels down).
 */
const CARD_SECRETS = ['number', 'cvc'];
/** Bank account numbers (docs/payments.md, "balances and bank accounts"): as the wire and the table name them. */
const BANK_SECRETS = ['account_number', 'accountNumber'];
export const REDACTED_LOG_PATHS: readonly string[] = [
  ...CARD_SECRETS.flatMap((field) => [`card.${field}`, `*.card.${field}`, `*.*.card.${field}`, `*.*.*.card.${field}`]),
  ...BANK_SECRETS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`, `*.*.*.${field}`]),
];

/** What Fastify's request log line says of a request (its own fields), with secrets in the URL masked. */
interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: IncomingMessage['socket'];
}
function requestOf(req: LoggedRequest) {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : maskSecretPaths(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * The process's logger: pino at the configured level, card secrets and bank account numbers censored, and the
 * tokens of reset, invitation and portal links masked in the request lines' URLs.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: [...REDACTED_LOG_PATHS], censor: '[redacted]' }, serializers: { req: requestOf } };
  return destination ? pino(options, destination) : pino(options);
}
