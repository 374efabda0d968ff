import { CarpoolChoiceSchema, CarpoolMessageSchema } from '@shared/contracts/carpool-api';
import { parseWith, type RouteHandlers } from '../common/http';
import { carpoolView, defaultCarpoolDeps, setCarpool, writeToNeighbour } from './carpool-service';

/** Families near me (docs/messages.md, "Families near me"): the choice, the list, and a message to one family. */
export const carpoolRoutes: RouteHandlers = {
  'GET /api/me/carpool': async (request) => ({ body: await carpoolView(request.people, new Date()) }),
  'PUT /api/me/carpool': async (request) => {
    const choice = parseWith(CarpoolChoiceSchema, request.body);
    await setCarpool(request.people, choice, new Date().toISOString());
    return { body: await carpoolView(request.people, new Date()) };
  },
  'POST /api/carpool/messages': async (request) => {
    const input = parseWith(CarpoolMessageSchema, request.body);
    const result = await writeToNeighbour({ people: request.people, email: request.caller.email }, input, defaultCarpoolDeps());
    return { status: 201, body: result };
  },
};
