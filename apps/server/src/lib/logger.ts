import pino, { type DestinationStream, type Logger } from 'pino';

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

/** The process's logger: pino at the configured level, card secrets and bank account numbers censored. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: [...REDACTED_LOG_PATHS], censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}
