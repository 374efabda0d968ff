import { MyDataQuerySchema } from '@shared/contracts/my-data-api';
import { parseWith, type RouteHandlers } from '../../common/http';
import { myDataCsvFiles } from './my-data-csv';
import { myData } from './my-data-service';

/**
 * GET /api/me/data (docs/privacy.md, "Download my data"): `?format=json` (default) or `?format=csv`; anything else
 * is refused. CSV headers follow the preferred language of the caller's first parent record.
 */
export const myDataRoutes: RouteHandlers = {
  'GET /api/me/data': async ({ query, people, caller }) => {
    const { format } = parseWith(MyDataQuerySchema, query);
    const data = await myData(people, caller, new Date());
    if (format === 'json') return { body: data };
    return { body: myDataCsvFiles(data, data.parents[0]!.record.preferredLanguage) };
  },
};
