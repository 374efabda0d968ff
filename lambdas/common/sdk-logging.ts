/**
 * Takes the AWS SDK's call logger out of a client. The SDK's default logger writes nothing, yet its middleware
 * still copies every command's input and output through the service model's "sensitive" filter before handing
 * them to that logger: on a Query it walks every item returned (a directory snapshot, a whole partition), on
 * every call of every function. Our code never logs SDK calls (logs carry no personal data: lambdas/common/logger.ts),
 * so the copy is pure cost; errors still reach the caller unchanged.
 */
export function withoutCallLogging<T extends { middlewareStack: { remove(name: string): boolean } }>(client: T): T {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}
