/**
 * Structured JSON logs (pino). Request logs carry a `reqId`; secrets never reach a log line:
 * OTP codes, session tokens and cookies are redacted by path.
 */
import pino from 'pino';
import { getConfig } from './config.ts';

/**
 * LOG_LEVEL from configuration; `info` while the configuration is invalid (the first getConfig()
 * elsewhere names the bad variable).
 */
function configuredLevel(): string {
  try {
    return getConfig().LOG_LEVEL;
  } catch {
    return 'info';
  }
}

/** The process-wide logger, at LOG_LEVEL (src/lib/config.ts). */
export const logger = pino({
  level: configuredLevel(),
  base: { app: 'farmfresh' },
  redact: {
    paths: ['otp', 'code', 'token', '*.otp', '*.code', '*.token', 'req.headers.cookie', 'req.headers.authorization'],
    censor: '[redacted]',
  },
});
