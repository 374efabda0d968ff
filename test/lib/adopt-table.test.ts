import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, describe, expect, it } from 'vitest';
import { ENV } from '../../lambdas/common/env';
import { parseDeploySettings } from '../../lib/config';
import { synthStack } from './stack-fixture';

const RESTORED = 'SchoolDirectory-pitr-20250902';
const fixture = synthStack({ bundle: false, cfnValidation: false, settings: { adoptTableName: RESTORED } });
afterAll(() => fixture.cleanup());

type Resource = { Type: string; Properties: Record<string, unknown> };
const resources = () => Object.values(fixture.template.toJSON().Resources as Record<string, Resource>);

describe('adoptTableName: the stack switched to a restored table', () => {
  it('creates no table of its own', () => {
    expect(resources().filter((r) => r.Type.startsWith('AWS::DynamoDB::'))).toEqual([]);
  });

  it('every function with table access gets the restored table name, and grants name that table and its indexes', () => {
    const withTable = resources().filter(
      (r) => r.Type === 'AWS::Lambda::Function' && JSON.stringify(r.Properties).includes(`"${ENV.tableName}"`),
    );
    expect(withTable.length).toBeGreaterThanOrEqual(5);
    for (const fn of withTable) {
      expect((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables[ENV.tableName]).toBe(RESTORED);
    }
    const policies = JSON.stringify(resources().filter((r) => r.Type === 'AWS::IAM::Policy'));
    expect(policies).toContain(`:table/${RESTORED}"`);
    expect(policies).toContain(`:table/${RESTORED}/index/*"`);
  });

  it('still watches the table for throttling and passes cdk-nag', () => {
    expect(JSON.stringify(fixture.template.toJSON())).toMatch(new RegExp(`ThrottledRequests.*${RESTORED}`));
    const report = new AwsSolutionsChecks().validateScope(fixture.app);
    expect(report.violations.map((v) => v.ruleName)).toEqual([]);
  });

  it('refuses a name DynamoDB would refuse', () => {
    expect(() => parseDeploySettings({ adoptTableName: 'a b' })).toThrow(/adoptTableName: is not a DynamoDB table name/);
  });
});
