import {
  AdminSetUserPasswordCommand,
  ForgotPasswordCommand,
  GetUserAttributeVerificationCodeCommand,
  InitiateAuthCommand,
  SignUpCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler, VERIFICATION_CODES } from '../../lambdas/triggers/custom-message';
import { readMailbox, type StoredEmail } from '../../local/ses';
import type { StackInfo } from '../../local/stack-info';
import { useStack } from '../support/stack';
import { createPoolUser, registerPerson, stackCognito, uniqueEmail } from './auth-support';

let stack: StackInfo;
let cognito: CognitoIdentityProviderClient;
beforeAll(() => {
  stack = useStack();
  cognito = stackCognito(stack);
});
afterAll(() => cognito.destroy());

const NBSP = '\u00a0';

function messageEvent(
  triggerSource: CustomMessageTriggerEvent['triggerSource'],
  options: { locale?: string; userLocale?: string; code?: string; email?: string } = {},
): CustomMessageTriggerEvent {
  return {
    version: '1',
    region: 'ca-central-1',
    userPoolId: 'ca-central-1_test',
    userName: 'd3b07384-d9a0-4c9b-8f3e-1f0c2f9b0a11',
    callerContext: { awsSdkVersion: 'test', clientId: 'client' },
    triggerSource,
    request: {
      // A fresh address per event: verification emails are counted per address and hour.
      userAttributes: { email: options.email ?? uniqueEmail('message'), ...(options.userLocale ? { locale: options.userLocale } : {}) },
      codeParameter: options.code ?? '{####}',
      linkParameter: '{##Click Here##}',
      usernameParameter: null,
      ...(options.locale ? { clientMetadata: { locale: options.locale } } : {}),
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  } as unknown as CustomMessageTriggerEvent;
}

describe('custom-message trigger (in process)', () => {
  it('writes the verification email in French by default, with the placeholder kept for Cognito', async () => {
    const { response } = await handler(messageEvent('CustomMessage_VerifyUserAttribute'));

    expect(response.emailSubject).toBe('Confirmez votre adresse courriel');
    const html = response.emailMessage!;
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain(`href="${stack.appUrl}/email-verification-required?code={####}"`);
    expect(html).toContain('Confirmer mon courriel');
    // The product's hint: open the link in the browser where the person is signed in.
    expect(html).toContain('Ouvrez le lien dans le navigateur où vous êtes connecté');
    expect(html).not.toMatch(/e-mail/i);
  });

  it('writes it in English when the app sends locale "en" as client metadata', async () => {
    for (const source of ['CustomMessage_SignUp', 'CustomMessage_ResendCode'] as const) {
      const { response } = await handler(messageEvent(source, { locale: 'en' }));
      expect(response.emailSubject).toBe('Confirm your email address');
      expect(response.emailMessage).toContain('<html lang="en">');
      expect(response.emailMessage).toContain(`${stack.appUrl}/email-verification-required?code={####}`);
    }
  });

  it('falls back to the user’s locale attribute, then to French for anything unknown', async () => {
    const fromAttribute = await handler(messageEvent('CustomMessage_ResendCode', { userLocale: 'en-CA' }));
    const unknown = await handler(messageEvent('CustomMessage_ResendCode', { locale: 'de' }));

    expect(fromAttribute.response.emailSubject).toBe('Confirm your email address');
    expect(unknown.response.emailSubject).toBe('Confirmez votre adresse courriel');
  });

  it('writes the password reset email with the reset link and the code in the text', async () => {
    const fr = (await handler(messageEvent('CustomMessage_ForgotPassword', { locale: 'fr' }))).response;
    const en = (await handler(messageEvent('CustomMessage_ForgotPassword', { locale: 'en' }))).response;

    expect(fr.emailSubject).toBe('Réinitialisation de votre mot de passe');
    expect(fr.emailMessage).toContain(`href="${stack.appUrl}/auth?mode=reset&amp;code={####}"`);
    // French typography: a non-breaking space before the colon that introduces the code.
    expect(fr.emailMessage).toContain(`page de connexion${NBSP}: <strong`);
    expect(fr.emailMessage).toMatch(/<strong[^>]*>\{####\}<\/strong>/);
    expect(en.emailSubject).toBe('Reset your password');
    expect(en.emailMessage).toContain(`href="${stack.appUrl}/auth?mode=reset&amp;code={####}"`);
    expect(en.emailMessage).toMatch(/sign-in page: <strong[^>]*>\{####\}<\/strong>/);
  });

  it('uses a literal code the same way when an emulator sends one instead of the placeholder', async () => {
    const { response } = await handler(messageEvent('CustomMessage_ForgotPassword', { code: '482913' }));

    expect(response.emailMessage).toContain(`${stack.appUrl}/auth?mode=reset&amp;code=482913"`);
    expect(response.emailMessage).toMatch(/<strong[^>]*>482913<\/strong>/);
  });

  it('refuses the code of an attribute update, which the app never asks for, so Cognito sends nothing', async () => {
    await expect(handler(messageEvent('CustomMessage_UpdateUserAttribute', { locale: 'en' }))).rejects.toThrow(
      'ATTRIBUTE_UPDATE_REFUSED',
    );
  });

  it('leaves other messages (admin invitations, MFA) to Cognito’s defaults', async () => {
    const { response } = await handler(messageEvent('CustomMessage_AdminCreateUser'));
    expect(response).toEqual({ smsMessage: null, emailMessage: null, emailSubject: null });
  });
});

describe('custom-message trigger through cognito-local and the SES emulator', () => {
  async function mailTo(email: string, subject: string): Promise<StoredEmail> {
    const mail = (await readMailbox(stack.mailboxUrl)).filter(
      (m) => m.destination.to.includes(email) && m.subject === subject,
    );
    expect(mail, `one "${subject}" email to the test address`).toHaveLength(1);
    return mail[0]!;
  }

  it('sends the attribute verification link in the signed-in user’s language', async () => {
    const email = uniqueEmail('verify-link');
    await registerPerson(email);
    await cognito.send(
      new SignUpCommand({
        ClientId: stack.userPoolClientId,
        Username: email,
        Password: 'Bottin2025',
        UserAttributes: [{ Name: 'email', Value: email }],
        ClientMetadata: { locale: 'en' },
      }),
    );
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: stack.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: 'Bottin2025' },
      }),
    );

    await cognito.send(
      new GetUserAttributeVerificationCodeCommand({
        AccessToken: auth.AuthenticationResult!.AccessToken!,
        AttributeName: 'email',
        ClientMetadata: { locale: 'fr' },
      }),
    );

    const mail = await mailTo(email, 'Confirmez votre adresse courriel');
    expect(mail.body.html).toMatch(
      new RegExp(`href="${stack.appUrl}/email-verification-required\\?code=\\d{6}"`),
    );
    expect(mail.body.html).not.toContain('{####}');
  });

  it('sends at most five verification emails an hour to one address, however often an account asks', async () => {
    const email = uniqueEmail('verify-flood');
    await registerPerson(email);
    // A stranger's unconfirmed account made with a parent's address: its own session may ask for codes at will.
    await cognito.send(
      new SignUpCommand({
        ClientId: stack.userPoolClientId,
        Username: email,
        Password: 'Bottin2025',
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: stack.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: 'Bottin2025' },
      }),
    );
    const ask = () =>
      cognito.send(
        new GetUserAttributeVerificationCodeCommand({
          AccessToken: auth.AuthenticationResult!.AccessToken!,
          AttributeName: 'email',
          ClientMetadata: { locale: 'fr' },
        }),
      );

    const answers: string[] = [];
    for (let i = 0; i < 10; i++) answers.push(await ask().then(() => 'sent', (error: Error) => `${error.name}: ${error.message}`));

    expect(answers.slice(0, VERIFICATION_CODES.limit)).toEqual(Array(VERIFICATION_CODES.limit).fill('sent'));
    for (const refused of answers.slice(VERIFICATION_CODES.limit)) {
      expect(refused).toMatch(/^UserLambdaValidationException: .*VERIFICATION_CODES_LIMITED/);
    }
    const sent = (await readMailbox(stack.mailboxUrl)).filter(
      (m) => m.destination.to.includes(email) && m.subject === 'Confirmez votre adresse courriel',
    );
    expect(sent).toHaveLength(VERIFICATION_CODES.limit);
  });

  it('sends the password reset link and code, both filled in', async () => {
    const email = uniqueEmail('reset-link');
    await registerPerson(email);
    await createPoolUser(cognito, stack.userPoolId, email, true);
    await cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: stack.userPoolId,
        Username: email,
        Password: 'Bottin2025',
        Permanent: true,
      }),
    );

    await cognito.send(
      new ForgotPasswordCommand({ ClientId: stack.userPoolClientId, Username: email, ClientMetadata: { locale: 'en' } }),
    );

    const mail = await mailTo(email, 'Reset your password');
    const code = /auth\?mode=reset&amp;code=(\d{6})"/.exec(mail.body.html ?? '')?.[1];
    expect(code).toBeDefined();
    expect(mail.body.html).toMatch(new RegExp(`<strong[^>]*>${code}</strong>`));
    expect(mail.body.html).not.toContain('{####}');
  });
});
