import { createHandler } from '../common/http';
import { registryAccess } from '../registry/public';

/** Liveness for the gateway, the frontend's service-health panel and the local-stack test. */
export const handler = createHandler({
  registry: registryAccess,
  routes: {
    'GET /api/health': async () => ({ body: { status: 'ok', time: new Date().toISOString() } }),
  },
});
