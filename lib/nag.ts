import { Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag 3 acknowledgements. One call per finding id (v3 has no prefix matching), always with the reason the
 * finding does not apply here. Acknowledging on a construct covers the resources below it, nothing else.
 */
export function acknowledge(scope: IConstruct, rule: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: `AwsSolutions-${rule}`, reason });
}

/**
 * Acknowledges an IAM5 wildcard finding on a resource ARN. cdk-nag names such findings after the ARN with its
 * intrinsics flattened (`<Logical.Arn>`, `<AWS::AccountId>`), so the id is computed the same way from the token.
 */
export function acknowledgeWildcardResource(scope: IConstruct, arn: string, reason: string): void {
  const flat = flattenReference(Stack.of(scope).resolve(arn));
  acknowledge(scope, `IAM5[Resource::${flat}]`, reason);
}

/** Same rendering as cdk-nag's finding ids: Join concatenated, Ref as `<Name>`, GetAtt as `<Name.Attr>`. */
function flattenReference(node: unknown): string {
  if (node === undefined) return '';
  if (typeof node === 'string') return node.replace(/\$\{/g, '<').replace(/\}/g, '>');
  if (typeof node === 'object' && node !== null) {
    const value = node as Record<string, unknown>;
    if ('Fn::Join' in value) {
      const [delimiter, items] = value['Fn::Join'] as [string, unknown[]];
      return items.map(flattenReference).join(delimiter);
    }
    if ('Fn::Sub' in value) return flattenReference(value['Fn::Sub']);
    if ('Fn::GetAtt' in value) {
      const [resource, attribute] = value['Fn::GetAtt'] as [unknown, unknown];
      return `<${flattenReference(resource)}.${flattenReference(attribute)}>`;
    }
    if ('Ref' in value) return `<${flattenReference(value.Ref)}>`;
  }
  return JSON.stringify(node);
}
