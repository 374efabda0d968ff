import { MergeRequestSchema, MergeUndoRequestSchema } from '@shared/contracts/duplicates-api';
import { IdSchema } from '@shared/schemas/common';
import { AppError } from '../common/errors';
import { parseWith, type RouteHandlers } from '../common/http';
import { editContext } from './edit-handlers';
import { listDuplicates, mergeParents, undoMerge } from './merge/merge-service';

/** Duplicate parents (docs/product-rules.md, "Duplicates"): parse -> service -> respond. */
export const mergeHandlers: RouteHandlers = {
  'GET /api/admin/duplicates': async () => ({ body: await listDuplicates(new Date()) }),
  'POST /api/admin/duplicates/merge': async (r) => ({
    status: 201,
    body: await mergeParents(parseWith(MergeRequestSchema, r.body), editContext(r)),
  }),
  'POST /api/admin/duplicates/merges/{id}/undo': async (r) => {
    parseWith(MergeUndoRequestSchema, r.body ?? {});
    const id = IdSchema.safeParse(r.pathParameters.id);
    if (!id.success) throw new AppError('NOT_FOUND');
    return { body: await undoMerge(id.data, editContext(r)) };
  },
};
