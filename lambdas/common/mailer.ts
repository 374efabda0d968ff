import { SESClient, SendEmailCommand, SendRawEmailCommand } from '@aws-sdk/client-ses';
import { rawMessage, type RawEmail } from './raw-message';
import type { SuppressionReason } from '@shared/rules/annual-update-bounces';
import { ENV, optionalEnv, requireEnv } from './env';
import { logger } from './logger';
import { getSuppression } from './suppression-repository';
import { withoutCallLogging } from './sdk-logging';

/**
 * The one place that sends mail (Cognito's own account emails aside). SES v1 `SendEmail`, which both SES and the
 * local emulator (aws-ses-v2-local) speak. Callers get a Mailer, so tests can wrap the real one to inject faults.
 */
/**
 * One email to one address. Messages between members (docs/messages.md) add a display name before the school's
 * sender address, a Reply-To the author chose to share, and extra headers (List-Unsubscribe): any of them sends the
 * email raw (lambdas/common/raw-message.ts).
 */
export type OutgoingEmail = RawEmail;

export interface Mailer {
  /** `suppressed`: nothing was sent, the address bounced or complained (docs/annual-update.md, "Bounces and complaints"). */
  send(email: OutgoingEmail): Promise<{ messageId: string; suppressed?: SuppressionReason }>;
}

export interface SesMailerOptions {
  /** The verified SES identity every email is sent from. */
  sender: string;
  /** The SES emulator locally; absent in AWS. */
  endpoint?: string;
  region?: string;
  /** The SES configuration set that publishes bounces and complaints (SES_CONFIGURATION_SET). */
  configurationSet?: string;
}

/**
 * A mailer over SES. `maxAttempts: 1` on purpose: SendEmail is not idempotent, and an SDK retry after a timeout
 * can deliver the same email twice. Retrying is the caller's decision, made only when `isDefiniteSendFailure`
 * says SES did not take the message. Timeouts stay well under the Lambda's, so a hung call ends as an error.
 */
export function createSesMailer(options: SesMailerOptions): Mailer {
  const client = withoutCallLogging(new SESClient({
    region: options.region ?? process.env.AWS_REGION ?? 'ca-central-1',
    maxAttempts: 1,
    requestHandler: { connectionTimeout: 2_000, requestTimeout: 5_000 },
    ...(options.endpoint
      ? { endpoint: options.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  }));
  return {
    async send(email) {
      if (email.fromName !== undefined || email.replyTo !== undefined || email.headers !== undefined) {
        const raw = await client.send(
          new SendRawEmailCommand({
            ...(options.configurationSet ? { ConfigurationSetName: options.configurationSet } : {}),
            Destinations: [email.to],
            RawMessage: { Data: new TextEncoder().encode(rawMessage(options.sender, email)) },
          }),
        );
        return { messageId: raw.MessageId ?? '' };
      }
      const result = await client.send(
        new SendEmailCommand({
          Source: options.sender,
          ...(options.configurationSet ? { ConfigurationSetName: options.configurationSet } : {}),
          Destination: { ToAddresses: [email.to] },
          Message: {
            Subject: { Data: email.subject, Charset: 'UTF-8' },
            Body: { Html: { Data: email.html, Charset: 'UTF-8' }, Text: { Data: email.text, Charset: 'UTF-8' } },
          },
        }),
      );
      return { messageId: result.MessageId ?? '' };
    },
  };
}

let mailer: Mailer | undefined;

/**
 * The function's mailer, from configuration. A missing SENDER_EMAIL is a deployment bug: it throws at once.
 * It never writes to a suppressed address (a bounce or a complaint): every email of the app goes through it.
 */
export function defaultMailer(): Mailer {
  mailer ??= skipSuppressed(
    createSesMailer({
      sender: requireEnv(ENV.senderEmail),
      endpoint: optionalEnv(ENV.sesEndpoint),
      configurationSet: optionalEnv(ENV.sesConfigurationSet),
    }),
  );
  return mailer;
}

/** Wraps a mailer so that an address SES reported as bounced or complained gets nothing (no address logged). */
export function skipSuppressed(inner: Mailer): Mailer {
  return {
    async send(email) {
      const suppression = await getSuppression(email.to);
      if (suppression) {
        logger.info('email not sent: suppressed address', { reason: suppression.reason });
        return { messageId: '', suppressed: suppression.reason };
      }
      return inner.send(email);
    },
  };
}

/** Test hook: forget the cached mailer so the next one reads the environment again. */
export function resetMailer(): void {
  mailer = undefined;
}

/** The error code a caller raises when the mailer answered `suppressed`: nothing was sent. */
export const SUPPRESSED_ERROR = 'AddressSuppressed';

/** Network errors raised before any byte of the request left: the email certainly was not sent. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * True when SES certainly did not accept the email, so sending again cannot make a duplicate: SES answered
 * with a client error (4xx: rejected message, throttling, unverified address), or the connection never opened.
 * A timeout, a reset connection or a 5xx leaves the outcome unknown: false.
 */
export function isDefiniteSendFailure(error: unknown): boolean {
  const e = error as { $fault?: string; $metadata?: { httpStatusCode?: number }; code?: string } | undefined;
  const status = e?.$metadata?.httpStatusCode;
  if (e?.code === SUPPRESSED_ERROR) return true;
  if (e?.$fault === 'client' && status !== undefined && status >= 400 && status < 500) return true;
  return e?.code !== undefined && NOT_CONNECTED.has(e.code);
}

/** A short name for an error, safe to store and log: the SDK's error name, never its message (it may hold an address). */
export function sendErrorName(error: unknown): string {
  const name = (error as Error | undefined)?.name;
  const code = (error as { code?: string } | undefined)?.code;
  return String(code ?? name ?? 'Error').slice(0, 100);
}
