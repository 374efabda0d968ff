import type { APIGatewayProxyResult, Context } from 'aws-lambda';
import { json } from '../../common/http';
import { runPurge } from './purge-service';

/**
 * The daily purge started by EventBridge (docs/operations.md, "Scheduled jobs"). A scheduled event carries
 * `source: aws.events` and `detail-type: Scheduled Event`; an API Gateway request has an `httpMethod` instead.
 */
export function isScheduledEvent(event: unknown): boolean {
  const e = event as Record<string, unknown> | null;
  return !!e && e.source === 'aws.events' && e['detail-type'] === 'Scheduled Event' && !('httpMethod' in e);
}

/** Time kept back from the Lambda's timeout to file the report once the deletes stop. */
const REPORT_MARGIN_MS = 3000;

/** Runs the purge and answers with its report's id and counts (EventBridge ignores the answer; the logs keep it). */
export async function scheduledPurge(context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<APIGatewayProxyResult> {
  const deadline = context ? Date.now() + context.getRemainingTimeInMillis() - REPORT_MARGIN_MS : undefined;
  const report = await runPurge({ now: new Date(), trigger: 'schedule', deadline });
  return json(200, { reportId: report.id, complete: report.complete, counts: report.counts });
}
