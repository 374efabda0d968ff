import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../frontend/src/lib/date-time';
import {
  classesOf,
  matchesClass,
  matchesStatus,
  summarize,
} from '../../frontend/src/features/annual-update/model/participants';
import { progressionState } from '../../frontend/src/features/admin/pages/admin-dashboard-page';
import { participantRow } from './participant-row';

const classA = { id: '01JABCDEFGHJKMNPQRSTVWXYA1', code: '301', name: '3e année A' };
const classB = { id: '01JABCDEFGHJKMNPQRSTVWXYB1', code: '102', name: '1re année B' };

const row = participantRow;

const submitted = row({ emailSent: true, emailsSent: 1, submitted: true, classes: [classA] });
const optedOut = row({ emailSent: true, emailsSent: 1, submitted: true, optedOut: true, classes: [classB] });
const pending = row({ emailSent: true, emailsSent: 2, classes: [classA, classB] });
const notSent = row({});
const unreachable = row({ unreachable: true });

describe('participants manager filters and summary', () => {
  it('"email sent" keeps every emailed parent whatever the answer; "sent" only those without an answer', () => {
    const all = [submitted, optedOut, pending, notSent, unreachable];
    expect(all.filter((r) => matchesStatus(r, 'emailed'))).toEqual([submitted, optedOut, pending]);
    expect(all.filter((r) => matchesStatus(r, 'sent'))).toEqual([pending]);
    expect(all.filter((r) => matchesStatus(r, 'notSent'))).toEqual([notSent]);
  });

  it('the issue journey: 1 submitted, 1 opted out, 1 pending is 67 % answered', () => {
    expect(summarize([submitted, optedOut, pending])).toEqual({ shown: 3, staff: 0, submitted: 1, optedOut: 1, pending: 1, percentage: 66.7 });
    expect(summarize([])).toEqual({ shown: 0, staff: 0, submitted: 0, optedOut: 0, pending: 0, percentage: 0 });
  });

  it('filters by a child\'s class and lists the classes by code', () => {
    const all = [submitted, optedOut, pending, notSent];
    expect(all.filter((r) => matchesClass(r, classA.id))).toEqual([submitted, pending]);
    expect(all.filter((r) => matchesClass(r, ''))).toEqual(all);
    expect(classesOf(all).map((c) => c.code)).toEqual(['102', '301']);
  });

  it('writes dates numerically with a 24 h time', () => {
    // 14 h 05 in Montréal: the school's clock, whatever the machine's zone.
    const iso = new Date('2025-09-02T14:05:00-04:00').toISOString();
    expect(formatDateTime(iso, 'fr')).toBe('2025-09-02 14 h 05');
    expect(formatDateTime(iso, 'en')).toBe('2025-09-02 14:05');
  });
});

describe('admin dashboard progression status', () => {
  const summary = (phase: 'analysis' | 'review' | 'applying' | 'completed' | 'cancelled') => ({
    schoolYear: '2025-2026',
    progression: { id: 'p', fromYear: '2025-2026', toYear: '2026-2027', phase, createdAt: '', counts: {} as never },
  });
  it('speaks of not started, in progress and applied, never of phases', () => {
    expect(progressionState({ schoolYear: '2025-2026', progression: null })).toBe('notStarted');
    expect(progressionState(summary('cancelled'))).toBe('notStarted');
    expect(progressionState(summary('analysis'))).toBe('inProgress');
    expect(progressionState(summary('review'))).toBe('inProgress');
    expect(progressionState(summary('applying'))).toBe('inProgress');
    expect(progressionState(summary('completed'))).toBe('applied');
  });
});
