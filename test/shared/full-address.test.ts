import { describe, expect, it } from 'vitest';
import { splitFullAddress } from '@shared/format/full-address';

/** A whole address pasted into the street field, split into street, city and postal code (shared/format/full-address.ts). */
describe('splitFullAddress', () => {
  it.each([
    ['12, rue des Érables, Laval (Québec) H7N 1A1', '12, rue des Érables', 'Laval'],
    ['12 rue des Érables, Laval, QC H7N1A1', '12 rue des Érables', 'Laval'],
    ['12, rue des Érables, Laval, Qc, h7n-1a1, Canada', '12, rue des Érables', 'Laval'],
    ['App. 3, 4321 boul. Saint-Laurent, Montréal H2W 1Z5', 'App. 3, 4321 boul. Saint-Laurent', 'Montréal'],
    ['8, rue des Lilas, Québec (Québec) G1R 2B5', '8, rue des Lilas', 'Québec'],
    ['8, rue des Lilas, Québec, G1R 2B5', '8, rue des Lilas', 'Québec'],
    ['8, rue des Lilas\nQuébec QC  G1R 2B5', '8, rue des Lilas', 'Québec'],
    ['55 Main Street, Sherbrooke, Quebec J1H 1A1', '55 Main Street', 'Sherbrooke'],
  ])('%j', (pasted, street, city) => {
    const parts = splitFullAddress(pasted);
    expect(parts).toEqual({ street, city, postalCode: expect.stringMatching(/^[A-Z]\d[A-Z] \d[A-Z]\d$/) });
  });

  it('guesses nothing without a postal code at the end, or without a comma before the city', () => {
    for (const typed of ['12, rue des Érables', '12 rue des Érables Laval H7N 1A1', 'H7N 1A1', '12, rue des Érables, Laval', '12, rue X, 1A1']) {
      expect(splitFullAddress(typed), typed).toBeUndefined();
    }
  });

  it('keeps the postal code in its stored form', () => {
    expect(splitFullAddress('1, rue A, Laval h7n1a1')?.postalCode).toBe('H7N 1A1');
  });
});
