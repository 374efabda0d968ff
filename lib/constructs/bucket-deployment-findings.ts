import { DefaultStackSynthesizer, Stack } from 'aws-cdk-lib';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';
import { acknowledge, acknowledgeWildcardResource } from '../nag';

/**
 * Findings on the helper Lambda that aws-cdk-lib's BucketDeployment adds once per stack. Its runtime, role and
 * grants are CDK's, not ours, and it only runs during deployments, to copy the frontend into the site bucket.
 */
export function acknowledgeBucketDeploymentHandler(scope: IConstruct, siteBucket: IBucket): void {
  const stack = Stack.of(scope);
  const handlers = stack.node.children.filter((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
  const why = (what: string) => `CDK's BucketDeployment handler (deploy time only): ${what}`;
  const copy = why('reads the staged asset and syncs it into the site bucket, with the grants CDK writes.');
  for (const handler of handlers) {
    acknowledge(
      handler,
      'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      why('the managed basic execution role lets it write its logs.'),
    );
    acknowledge(handler, 'L1', why('CDK chooses and upgrades its Python runtime with aws-cdk-lib.'));
    for (const action of ['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*']) {
      acknowledge(handler, `IAM5[Action::${action}]`, copy);
    }
    const assets = `cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-<AWS::AccountId>-${stack.region}`;
    acknowledge(handler, `IAM5[Resource::arn:${stack.partition}:s3:::${assets}/*]`, copy);
    acknowledgeWildcardResource(handler, siteBucket.arnForObjects('*'), copy);
    acknowledge(handler, 'IAM5[Resource::*]', why('CloudFront invalidation permissions cannot name a distribution.'));
  }
}
