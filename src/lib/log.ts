/**
 * Structured JSON logs (pino). Request logs carry a `reqId`; secrets never reach a log line:
 * OTP codes, session tokens and cookies are redacted by path.
 */
import pino from 'pino';
import { getConfig } from './config.ts';

/** The process-wide logger. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'warn' : 'info'),
  base: { app: 'farmfresh' },
  redact: {
    paths: ['otp', 'code', 'token', '*.otp', '*.code', '*.token', 'req.headers.cookie', 'req.headers.authorization'],
    censor: '[redacted]',
  },
});

/** The log level from configuration, applied once config is known. */
export function applyLogLevel(): void {
  logger.level = getConfig().LOG_LEVEL;
}
