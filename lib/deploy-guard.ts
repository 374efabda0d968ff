import { Annotations, CfnRule, Fn, type Stack } from 'aws-cdk-lib';

/** The message CloudFormation shows when a template synthesised without a frontend build is deployed. */
export const NO_FRONTEND_BUILD_MESSAGE =
  'This template was synthesised without a frontend build (frontend/dist): deploy with npm run deploy, ' +
  'which builds the frontend first (docs/deploy.md).';

/**
 * Makes CloudFormation refuse the template: a template rule whose assertion is always false fails the change set
 * before any resource changes, the mechanism CDK's own bootstrap-version check uses. Synth still works, so a fresh
 * clone can run `npm run synth` and cdk-nag without building the frontend; only a deploy is refused.
 */
export function refuseDeployWithoutFrontendBuild(stack: Stack): void {
  new CfnRule(stack, 'RequireFrontendBuild', {
    assertions: [{ assert: Fn.conditionEquals('placeholder', 'frontend-build'), assertDescription: NO_FRONTEND_BUILD_MESSAGE }],
  });
  Annotations.of(stack).addWarningV2('school-directory:no-frontend-build', NO_FRONTEND_BUILD_MESSAGE);
}
