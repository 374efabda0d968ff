import { describe, expect, it } from 'vitest';
import { createCognitoClient } from '../../lambdas/common/cognito';
import { documentClient, resetDocumentClient } from '../../lambdas/common/dynamo';

/**
 * lambdas/common/sdk-logging.ts: the SDK's call logger copies every input and output through the model's
 * sensitive-data filter even when nothing is logged; our clients run without it.
 */
describe('AWS SDK clients', () => {
  it('the DynamoDB document client and the Cognito client carry no call logger', () => {
    resetDocumentClient();
    const stacks = [documentClient().middlewareStack, createCognitoClient({ region: 'ca-central-1' }).middlewareStack];
    for (const stack of stacks) {
      const names = stack.identify();
      expect(names.some((name) => name.startsWith('serializerMiddleware'))).toBe(true);
      expect(names.filter((name) => name.startsWith('loggerMiddleware'))).toEqual([]);
    }
    resetDocumentClient();
  });
});
