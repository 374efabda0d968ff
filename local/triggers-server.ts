import { createServer, type Server } from 'node:http';
import { closeServer, listen, readBody } from './http-util';

/**
 * Plays the Lambda service for cognito-local: it invokes `POST /2015-03-31/functions/{name}/invocations`, and we
 * run the real trigger handlers in this process. A handler that throws is reported the way Lambda does
 * (200 + `x-amz-function-error`), which cognito-local turns into the sign-up error the client sees.
 */
type TriggerHandler = (event: unknown) => Promise<unknown>;

const TRIGGERS: Record<string, () => Promise<TriggerHandler>> = {
  PreSignUp: async () => (await import('../lambdas/triggers/pre-sign-up')).handler as TriggerHandler,
  CustomMessage: async () => (await import('../lambdas/triggers/custom-message')).handler as TriggerHandler,
};

export async function startTriggerServer(port: number): Promise<Server> {
  const server = createServer(async (req, res) => {
    const match = /^\/2015-03-31\/functions\/([^/]+)\/invocations/.exec(req.url ?? '');
    const load = match ? TRIGGERS[decodeURIComponent(match[1]!)] : undefined;
    if (req.method !== 'POST' || !load) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ Message: 'Function not found' }));
      return;
    }
    try {
      const body = await readBody(req, 6 * 1024 * 1024);
      const event = JSON.parse(body.toString()) as unknown;
      const result = await (await load())(event);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(result ?? null));
    } catch (error) {
      res.writeHead(200, { 'Content-Type': 'application/json', 'X-Amz-Function-Error': 'Unhandled' });
      res.end(JSON.stringify({ errorType: (error as Error).name, errorMessage: (error as Error).message }));
    }
  });
  await listen(server, port);
  return server;
}

export { closeServer };
