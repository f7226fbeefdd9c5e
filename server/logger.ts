import pino, { type Logger } from 'pino';

/** JSON logs; secrets that could reach a log line are redacted by path. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: [
        'password',
        '*.password',
        'refresh_token',
        '*.refresh_token',
        'authorization',
        '*.authorization',
        'req.headers.authorization',
        'req.headers.cookie',
      ],
      censor: '[redacted]',
    },
  });
}
