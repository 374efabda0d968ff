/**
 * Functions that EventBridge also invokes on a schedule (docs/operations.md, "Scheduled jobs") tell its events from
 * API requests: a scheduled event carries `source: aws.events` and `detail-type: Scheduled Event`; an API Gateway
 * request has an `httpMethod` instead.
 */
export function isScheduledEvent(event: unknown): boolean {
  const e = event as Record<string, unknown> | null;
  return !!e && e.source === 'aws.events' && e['detail-type'] === 'Scheduled Event' && !('httpMethod' in e);
}
