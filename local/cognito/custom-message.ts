/**
 * A CustomMessage trigger that throws fails the Cognito call, as in AWS: the caller gets a 400
 * `UserLambdaValidationException` ("CustomMessage failed with error ...") and nothing is sent. cognito-local
 * swallows the trigger's error and sends its default message instead (and a refused email change came back as an
 * HTTP 500). Patched into its message service by local/cognito/launcher.ts: the trigger is invoked through
 * cognito-local's own Lambda client, whose errors are Cognito's.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

type Attribute = { Name: string; Value?: string };
interface Triggers {
  enabled: (name: string) => boolean;
  lambda: { invoke: (ctx: unknown, name: string, event: Record<string, unknown>) => Promise<Record<string, string | undefined>> };
}
interface Messages {
  triggers: Triggers;
  create: (...args: unknown[]) => Promise<Record<string, unknown>>;
}

const CODE = '{####}';
const USERNAME = '{username}';

export function customMessageFailuresRefuse(): void {
  const { MessagesService } = require('cognito-local/lib/services/messages') as { MessagesService: { prototype: Messages } };
  MessagesService.prototype.create = async function (this: Messages, ...args: unknown[]) {
    const [ctx, source, clientId, userPoolId, user, code, clientMetadata] = args as [
      unknown, string, string | undefined, string, { Username: string; Attributes?: Attribute[] }, string, unknown,
    ];
    if (!this.triggers.enabled('CustomMessage')) return { __code: code };
    const response = await this.triggers.lambda.invoke(ctx, 'CustomMessage', {
      clientId: clientId ?? 'CLIENT_ID_NOT_APPLICABLE',
      clientMetadata,
      codeParameter: CODE,
      triggerSource: `CustomMessage_${source}`,
      userAttributes: Object.fromEntries((user.Attributes ?? []).map((a) => [a.Name, a.Value])),
      username: user.Username,
      usernameParameter: USERNAME,
      userPoolId,
    });
    const fill = (text: string | undefined) => text?.replace(CODE, code).replace(USERNAME, user.Username);
    return {
      __code: code,
      emailMessage: fill(response?.emailMessage),
      emailSubject: response?.emailSubject,
      smsMessage: fill(response?.smsMessage),
    };
  };
}
