import { describe, expect, it } from 'vitest';
import { proposedReopenDeadline } from '../../frontend/src/features/annual-update/model/campaign-state';

describe('the deadline a reopen proposes', () => {
  it('keeps the campaign’s own deadline while it is more than 30 days ahead (closed early: the letters’ date stays)', () => {
    expect(proposedReopenDeadline('2027-01-02', '2026-11-28')).toBe('2027-01-02');
  });

  it('proposes today + 30 days when the deadline is sooner, past, or missing', () => {
    expect(proposedReopenDeadline('2026-12-10', '2026-11-28')).toBe('2026-12-28');
    expect(proposedReopenDeadline('2026-10-01', '2026-11-28')).toBe('2026-12-28');
    expect(proposedReopenDeadline(undefined, '2026-11-28')).toBe('2026-12-28');
  });
});
