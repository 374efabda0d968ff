import { Logger } from '@aws-lambda-powertools/logger';

/**
 * The one logger. Log ids, route names, counts and durations; never emails, names, phones, tokens or
 * Authorization headers (a test scans the collected logs for them).
 */
export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'school-directory',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | 'DEBUG' | 'WARN' | 'ERROR' | undefined) ?? 'INFO',
});
