import { describe, expect, it } from 'vitest';
import { LAMBDA_BUNDLE_MAX_BYTES } from '../../lib/constructs/lambda-bundling';
import { LAMBDA_ENTRIES, bundleLambda } from '../../local/bench/lambda-bundles';

/** esbuild with the stack's own options (lib/constructs/lambda-bundling.ts): a few seconds for every function. */
describe('Lambda bundles', () => {
  it.each(LAMBDA_ENTRIES)('%s stays within the minified size limit, without the AWS SDK', async (entry) => {
    const code = Buffer.from(await bundleLambda(entry));
    expect(code.byteLength, `${entry}: ${(code.byteLength / 1024).toFixed(0)} KB`).toBeLessThanOrEqual(LAMBDA_BUNDLE_MAX_BYTES);
    // The runtime's SDK is used: the bundle requires it instead of carrying a copy.
    expect(code.toString('utf8')).not.toContain('@smithy/');
  });
});
