import { App } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { AppStack } from '../../lib/app-stack';
import { PLACEHOLDER_WEB_DIR, readDeploySettings } from '../../lib/config';
import { NO_FRONTEND_BUILD_MESSAGE } from '../../lib/deploy-guard';
import { cdkJsonContext } from './stack-fixture';

/** The stack as `npm run synth` builds it on a fresh clone: no frontend/dist, so the placeholder page. */
function synth(placeholder: boolean) {
  // Without CDK's own template validation (the whole-stack files keep it: test/lib/stack-fixture.ts).
  const app = new App({ builtinCloudFormationValidation: false, context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] } });
  const settings = readDeploySettings(app.node);
  const stack = new AppStack(app, 'SchoolDirectory', {
    env: { region: settings.region },
    settings,
    webAssetDir: PLACEHOLDER_WEB_DIR,
    webAssetIsPlaceholder: placeholder,
  });
  return { stack, template: Template.fromStack(stack) };
}

describe('a template synthesised without a frontend build', () => {
  it('carries a template rule that always fails, so CloudFormation refuses to deploy it, and warns at synth', () => {
    const { stack, template } = synth(true);
    const rules = template.toJSON().Rules as Record<string, { Assertions: { Assert: unknown; AssertDescription: string }[] }>;
    expect(rules.RequireFrontendBuild?.Assertions).toEqual([
      { Assert: { 'Fn::Equals': ['placeholder', 'frontend-build'] }, AssertDescription: NO_FRONTEND_BUILD_MESSAGE },
    ]);
    Annotations.fromStack(stack).hasWarning('/SchoolDirectory', Match.stringLikeRegexp('without a frontend build'));
  });

  it('a real build has no such rule', () => {
    const { template } = synth(false);
    expect(Object.keys(template.toJSON().Rules ?? {})).not.toContain('RequireFrontendBuild');
  });
});
