import { describe, expect, it } from 'vitest';
import { IncidentInputSchema } from '@shared/contracts/privacy-incidents-api';
import {
  EMPTY_FORM,
  formOf,
  inputOf,
  serverFieldErrors,
  validateIncident,
  type IncidentFormValues,
} from '../../frontend/src/features/privacy-admin/model/incident-form';

/** The incident register form's checks (frontend/src/features/privacy-admin/model/incident-form.ts). */
const TODAY = '2026-11-25';
const filled: IncidentFormValues = {
  ...EMPTY_FORM,
  occurredOn: '2026-10-01',
  discoveredOn: '2026-10-02',
  description: ' Liste envoyée au mauvais groupe ',
  personalInformation: 'Noms, courriels',
  peopleCount: '12',
  seriousInjuryRisk: 'no',
  riskReasoning: 'Destinataires connus',
  peopleNotified: true,
  peopleNotifiedOn: '2026-10-03',
  // A date typed, then the box unticked: not sent.
  commissionNotifiedOn: '2026-10-04',
};

describe('incident form', () => {
  it('names every missing required field of an empty form', () => {
    expect(validateIncident(EMPTY_FORM, TODAY)).toEqual({
      occurredOn: 'required',
      discoveredOn: 'required',
      description: 'required',
      personalInformation: 'required',
      peopleCount: 'required',
      seriousInjuryRisk: 'choose',
      riskReasoning: 'required',
    });
  });

  it('checks dates as the server does: real, not in the future, in order', () => {
    expect(validateIncident({ ...filled, occurredOn: '2026-02-30' }, TODAY)).toEqual({ occurredOn: 'date' });
    expect(validateIncident({ ...filled, discoveredOn: '2026-09-30' }, TODAY)).toEqual({ discoveredOn: 'beforeOccurred' });
    expect(validateIncident({ ...filled, peopleNotifiedOn: '2026-12-01' }, TODAY)).toEqual({ peopleNotifiedOn: 'future' });
    expect(validateIncident({ ...filled, peopleNotifiedOn: '2026-10-01' }, TODAY)).toEqual({ peopleNotifiedOn: 'beforeDiscovered' });
    expect(validateIncident({ ...filled, commissionNotified: true, commissionNotifiedOn: '' }, TODAY)).toEqual({ commissionNotifiedOn: 'required' });
    expect(validateIncident({ ...filled, peopleCount: '-3' }, TODAY)).toEqual({ peopleCount: 'count' });
  });

  it('sends a body the server contract accepts, and reads an incident back into the same values', () => {
    expect(validateIncident(filled, TODAY)).toEqual({});
    const input = inputOf(filled);
    expect(input).not.toHaveProperty('commissionNotifiedOn');
    expect(input.description).toBe('Liste envoyée au mauvais groupe');
    expect(IncidentInputSchema.parse(input)).toEqual(input);
    const stored = { ...input, id: '01KZZZZZZZZZZZZZZZZZZZZZZZ', version: 1, createdAt: '2026-10-02T12:00:00.000Z', updatedAt: '2026-10-02T12:00:00.000Z' };
    const { id: _i, version: _v, createdAt: _c, updatedAt: _u, ...values } = formOf(stored) as IncidentFormValues & Record<string, unknown>;
    expect(values).toEqual({ ...filled, description: input.description, commissionNotifiedOn: '' });
  });

  it('turns the server field errors into messages on known fields only', () => {
    expect(serverFieldErrors([{ path: 'discoveredOn', issue: 'future_date' }, { path: 'x', issue: 'custom' }, { path: 'peopleNotifiedOn', issue: 'custom' }])).toEqual({
      discoveredOn: 'future',
      peopleNotifiedOn: 'invalid',
    });
  });
});
