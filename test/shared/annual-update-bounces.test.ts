import { describe, expect, it } from 'vitest';
import { parseSesMessage, SnsEventSchema } from '@shared/rules/annual-update-bounces';

/** SES events as the configuration set publishes them (docs/annual-update.md, "Bounces and complaints"). */
const bounce = (bounceType: string, recipients: string[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    eventType: 'Bounce',
    bounce: {
      bounceType,
      bounceSubType: 'General',
      bouncedRecipients: recipients.map((emailAddress) => ({ emailAddress, action: 'failed', status: '5.1.1' })),
      timestamp: '2026-09-02T14:30:00.000Z',
      feedbackId: 'x',
    },
    mail: { messageId: 'm-1', destination: recipients },
    ...extra,
  });
const complaint = (recipients: string[]) =>
  JSON.stringify({
    eventType: 'Complaint',
    complaint: {
      complainedRecipients: recipients.map((emailAddress) => ({ emailAddress })),
      complaintFeedbackType: 'abuse',
      timestamp: '2026-09-03T08:00:00Z',
    },
  });

describe('parseSesMessage', () => {
  it('turns a permanent bounce into a suppression of each (normalised, distinct) address', () => {
    expect(parseSesMessage(bounce('Permanent', ['Parent@Ecole.example.org ', 'parent@ecole.example.org', 'b@x.example']))).toEqual({
      emails: ['parent@ecole.example.org', 'b@x.example'],
      reason: 'bounce',
      at: '2026-09-02T14:30:00.000Z',
      detail: 'General',
    });
  });

  it('turns a complaint into a suppression', () => {
    expect(parseSesMessage(complaint(['a@x.example']))).toEqual({
      emails: ['a@x.example'],
      reason: 'complaint',
      at: '2026-09-03T08:00:00.000Z',
      detail: 'abuse',
    });
  });

  it('accepts the identity notification form (notificationType) too', () => {
    const message = bounce('Permanent', ['a@x.example']).replace('"eventType"', '"notificationType"');
    expect(parseSesMessage(message)).toMatchObject({ reason: 'bounce', emails: ['a@x.example'] });
  });

  it('ignores transient and undetermined bounces', () => {
    expect(parseSesMessage(bounce('Transient', ['a@x.example']))).toBe('ignored');
    expect(parseSesMessage(bounce('Undetermined', ['a@x.example']))).toBe('ignored');
  });

  it('refuses what is not an SES bounce or complaint', () => {
    for (const message of [
      'not json',
      'null',
      '[]',
      JSON.stringify({ eventType: 'Delivery', delivery: {} }),
      JSON.stringify({ eventType: 'Bounce' }),
      bounce('Permanent', []),
      bounce('Permanent', ['not an address']),
      bounce('Sometimes', ['a@x.example']),
      complaint(['a@x.example']).replace('2026-09-03T08:00:00Z', 'yesterday'),
    ]) {
      expect(parseSesMessage(message), message).toBe('invalid');
    }
  });
});

describe('SnsEventSchema', () => {
  const record = (sns: Record<string, unknown>) => ({
    Records: [
      {
        EventSource: 'aws:sns',
        EventVersion: '1.0',
        Sns: {
          Type: 'Notification',
          MessageId: 'id-1',
          TopicArn: 'arn:aws:sns:ca-central-1:123456789012:MailEventsTopic',
          Message: complaint(['a@x.example']),
          Timestamp: '2026-09-03T08:00:01.000Z',
          ...sns,
        },
      },
    ],
  });

  it('accepts a notification', () => {
    expect(SnsEventSchema.safeParse(record({})).success).toBe(true);
  });

  it('refuses subscription confirmations, bad ARNs and other shapes', () => {
    expect(SnsEventSchema.safeParse(record({ Type: 'SubscriptionConfirmation' })).success).toBe(false);
    expect(SnsEventSchema.safeParse(record({ TopicArn: 'topic' })).success).toBe(false);
    expect(SnsEventSchema.safeParse(record({ Message: 1 })).success).toBe(false);
    expect(SnsEventSchema.safeParse({ Records: [] }).success).toBe(false);
    expect(SnsEventSchema.safeParse({ httpMethod: 'POST' }).success).toBe(false);
  });
});
