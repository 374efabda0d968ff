import { documentClient } from '../../lambdas/common/dynamo';

/**
 * DynamoDB calls sent through the one document client (every page of a Query counts) since `count` was last set
 * to 0. The stack's handlers run in the benchmark's process, so their calls are counted too.
 */
export function countDynamoCalls(): { count: number } {
  const calls = { count: 0 };
  documentClient().middlewareStack.add(
    (next) => async (args) => {
      calls.count++;
      return next(args);
    },
    { step: 'initialize', name: 'benchCountCalls', override: true },
  );
  return calls;
}
