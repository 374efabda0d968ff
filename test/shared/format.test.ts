import { describe, expect, it } from 'vitest';
import { formatPhone, isValidPhone, phoneDigits } from '@shared/format/phone';
import { formatPostalCode, isValidPostalCode, normalizePostalCode } from '@shared/format/postal-code';
import { levelLabel, levelsLabel, nextLevel } from '@shared/format/levels';
import { deFr, elidesFr, ofName, ofSchool, ofSchoolFr } from '@shared/format/french';
import type { Level } from '@shared/schemas/common';

describe('phone numbers', () => {
  it.each([
    ['514 555-1234', '5145551234'],
    ['(514) 555-1234', '5145551234'],
    ['514.555.1234', '5145551234'],
    ['1-514-555-1234', '5145551234'],
    ['+1 438 555 0199', '4385550199'],
    ['5145551234', '5145551234'],
  ])('stores %s as its 10 digits', (typed, digits) => {
    expect(phoneDigits(typed)).toBe(digits);
    expect(isValidPhone(typed)).toBe(true);
  });

  it.each(['555-1234', '2-514-555-1234', '514 555-12345', '014 555-1234', '514 155-1234', '514 555-1234 poste 12', ''])(
    'refuses %j',
    (typed) => {
      expect(phoneDigits(typed)).toBeUndefined();
      expect(isValidPhone(typed)).toBe(false);
    },
  );

  it('displays the OQLF form and leaves what it cannot read untouched', () => {
    expect(formatPhone('5145551234')).toBe('514 555-1234');
    expect(formatPhone('15145551234')).toBe('514 555-1234');
    expect(formatPhone('poste 12')).toBe('poste 12');
  });
});

describe('postal codes', () => {
  it.each([
    ['h2x1y4', 'H2X 1Y4'],
    ['H2X 1Y4', 'H2X 1Y4'],
    [' h2x-1y4 ', 'H2X 1Y4'],
    ['J4K 2W9', 'J4K 2W9'],
  ])('stores %j as %j', (typed, stored) => {
    expect(normalizePostalCode(typed)).toBe(stored);
    expect(isValidPostalCode(typed)).toBe(true);
  });

  it.each(['H2X1Y', '12X 1Y4', 'D2X 1Y4', 'W2X 1Y4', 'H2O 1Y4', 'H2X 1Q4', '90210', ''])('refuses %j', (typed) => {
    expect(normalizePostalCode(typed)).toBeUndefined();
  });

  it('formats known codes and keeps unknown text', () => {
    expect(formatPostalCode('h2x1y4')).toBe('H2X 1Y4');
    expect(formatPostalCode('inconnu')).toBe('inconnu');
  });
});

describe('level labels', () => {
  const levels: Level[] = [
    { code: 'G2', order: 2, label: { fr: '2e année', en: 'Grade 2' }, shortLabel: { fr: '2e', en: '2' } },
    { code: 'K', order: 0, label: { fr: 'Maternelle', en: 'Kindergarten' }, shortLabel: { fr: 'Mat.', en: 'K' } },
    { code: 'G1', order: 1, label: { fr: '1re année', en: 'Grade 1' }, shortLabel: { fr: '1re', en: '1' } },
  ];

  it('reads labels from the settings in both languages', () => {
    expect(levelLabel(levels, 'G1', 'fr')).toBe('1re année');
    expect(levelLabel(levels, 'G1', 'en')).toBe('Grade 1');
    expect(levelLabel(levels, 'X9', 'fr')).toBe('X9');
  });

  it('labels multi-grade classes in level order, whatever order the codes come in', () => {
    expect(levelsLabel(levels, ['G2', 'G1'], 'fr')).toBe('1re-2e');
    expect(levelsLabel(levels, ['G2', 'G1'], 'en')).toBe('1-2');
    expect(levelsLabel(levels, ['K'], 'fr')).toBe('Maternelle');
  });

  it('finds the next level and none after the last', () => {
    expect(nextLevel(levels, 'K')?.code).toBe('G1');
    expect(nextLevel(levels, 'G1')?.code).toBe('G2');
    expect(nextLevel(levels, 'G2')).toBeUndefined();
    expect(nextLevel(levels, 'nope')).toBeUndefined();
  });
});

describe('ofSchoolFr / ofSchool (French "de" before a school name)', () => {
  it('gives each kind of name its article and elision', () => {
    expect(ofSchoolFr('École primaire des Érables')).toBe("de l'École primaire des Érables");
    expect(ofSchoolFr('ecole Saint-Jean', '’')).toBe('de l’ecole Saint-Jean');
    expect(ofSchoolFr('Académie Sainte-Anne')).toBe("de l'Académie Sainte-Anne");
    expect(ofSchoolFr('Collège Jean-de-Brébeuf')).toBe('du Collège Jean-de-Brébeuf');
    expect(ofSchoolFr('Polyvalente Lavigne')).toBe('de la Polyvalente Lavigne');
    expect(ofSchoolFr('Émile-Nelligan')).toBe("d'Émile-Nelligan");
    expect(ofSchoolFr('Sainte-Marie ')).toBe('de Sainte-Marie');
  });

  it('elides "de" before a person\'s name that starts with a vowel, a mute h or a vowel y', () => {
    expect(deFr('Arnaud')).toBe("d'Arnaud");
    expect(deFr('Émile', '’')).toBe('d’Émile');
    expect(deFr('Hugo')).toBe("d'Hugo");
    expect(deFr('Yves')).toBe("d'Yves");
    expect(deFr(' Zoé ')).toBe('de Zoé');
    expect(deFr('Yasmine')).toBe('de Yasmine');
    expect(elidesFr('Océane')).toBe(true);
    expect(elidesFr('Léo')).toBe(false);
    expect(ofName('Odélie Roy', 'fr', '’')).toBe('d’Odélie Roy');
    expect(ofName('Luc Roy', 'fr')).toBe('de Luc Roy');
    expect(ofName('Odélie Roy ', 'en')).toBe('of Odélie Roy');
  });

  it('says "of" in English', () => {
    expect(ofSchool('École primaire des Érables', 'en')).toBe('of École primaire des Érables');
    expect(ofSchool('École primaire des Érables', 'fr')).toBe("de l'École primaire des Érables");
  });
});
