import type { Caller, RegisteredPerson } from '../common/claims';
import type { EmailLocale } from '../common/email-templates/layout';
import { AppError } from '../common/errors';
import { logger } from '../common/logger';
import { defaultMailer, type Mailer } from '../common/mailer';
import { getEntity } from '../directory/public';
import { accountName, lacksAdminMfa, recordEnrolment, signOutEverywhere } from '../registry/public';
import { mfaAddedEmail } from './mfa-email';

/**
 * GET /api/me's part of the per-session second factor (docs/auth.md "Second factor"). The app reads /me right
 * after an administrator enrols an authenticator (and at every sign-in), so this is where the server first sees
 * it: it records when, signs every session of the account out (refresh tokens revoked) and emails the
 * administrator, then answers 401 MFA_SIGN_IN_AGAIN; the app sends the person to sign in, now with the code.
 * An authenticator added outside the app (Cognito's API called directly) is caught the same way: the admin
 * routes refuse it until /me has recorded and announced it.
 */
export async function adminMfaSetupRequired(
  caller: Caller,
  people: RegisteredPerson[],
  mailer: Mailer = defaultMailer(),
  now: number = Date.now(),
): Promise<boolean> {
  try {
    return await lacksAdminMfa(caller);
  } catch (error) {
    if (error instanceof AppError && error.code === 'MFA_SIGN_IN_AGAIN') await announceIfNew(caller, people, mailer, now);
    throw error;
  }
}

async function announceIfNew(caller: Caller, people: RegisteredPerson[], mailer: Mailer, now: number): Promise<void> {
  const username = accountName(caller);
  if (!(await recordEnrolment(username, Math.floor(now / 1000)))) return;
  logger.info('admin authenticator recorded');
  await signOutEverywhere(username);
  await mailer.send(mfaAddedEmail(caller.email, await languageOf(people)));
}

/** The person's own language: a parent's (or staff member's) preferred language, else French. */
async function languageOf(people: RegisteredPerson[]): Promise<EmailLocale> {
  for (const person of people) {
    const entity = await getEntity(person.personType, person.personId);
    const language = (entity as { preferredLanguage?: string } | undefined)?.preferredLanguage;
    if (language === 'en' || language === 'fr') return language;
  }
  return 'fr';
}
