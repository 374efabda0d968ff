/**
 * How every Lambda function is bundled, in one place: lib/constructs/lambda-function.ts passes these options to
 * the CDK's esbuild bundling, and the footprint benchmark and test/lib/lambda-bundle-size.test.ts call esbuild
 * with the same ones (docs/decisions/speed-fonts-as-files-a-first-page-without-zod-lean.md, "Lean Lambda bundles").
 */
export const LAMBDA_BUNDLING = {
  format: 'cjs',
  target: 'node22',
  minify: true,
  /**
   * The AWS SDK v3 is not bundled: the nodejs22.x runtime ships every @aws-sdk client (and lib-dynamodb), so
   * each bundle drops about 0.5 MB and its module load time with it. The trade-off: the runtime's SDK version,
   * not package-lock.json's, runs in AWS (the tests run the locked version).
   */
  externalModules: ['@aws-sdk/*'],
} as const;

/** Maximum minified size of one bundle (test/lib/lambda-bundle-size.test.ts). */
export const LAMBDA_BUNDLE_MAX_BYTES = 400 * 1024;
