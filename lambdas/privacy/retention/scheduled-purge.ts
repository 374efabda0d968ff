import type { APIGatewayProxyResult, Context } from 'aws-lambda';
import { json } from '../../common/http';
import { logger } from '../../common/logger';
import { PurgeBusyError, runPurge } from './purge-service';

/** Time kept back from the Lambda's timeout to file the report once the deletes stop. */
const REPORT_MARGIN_MS = 3000;

/** Runs the purge and answers with its report's id and counts (EventBridge ignores the answer; the logs keep it). */
export async function scheduledPurge(context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<APIGatewayProxyResult> {
  const deadline = context ? Date.now() + context.getRemainingTimeInMillis() - REPORT_MARGIN_MS : undefined;
  try {
    const report = await runPurge({ now: new Date(), trigger: 'schedule', deadline });
    return json(200, { reportId: report.id, complete: report.complete, counts: report.counts });
  } catch (error) {
    // Another run (npm run purge) holds the lock: it does the work; tomorrow's run goes on.
    if (!(error instanceof PurgeBusyError)) throw error;
    logger.warn('retention purge skipped: another run holds the lock');
    return json(409, { skipped: true });
  }
}
