import { describe, expect, it } from 'vitest';
import { frenchBaseCompare, frenchCompare, frenchListCompare, frenchNumericCompare, languageCompare } from '@shared/format/collation';

const NAMES = ['Zoé', 'émile', 'Émile', 'Dubé', 'dube', 'Dubois', 'Côté', 'cote', 'Ève', 'Eve', 'Ångström', 'B10', 'B2', 'b1'];

describe('the shared collators', () => {
  it('order as localeCompare with the same locale and options does', () => {
    expect([...NAMES].sort(frenchCompare)).toEqual([...NAMES].sort((a, b) => a.localeCompare(b, 'fr')));
    expect([...NAMES].sort(frenchNumericCompare)).toEqual([...NAMES].sort((a, b) => a.localeCompare(b, 'fr', { numeric: true })));
    expect([...NAMES].sort(frenchBaseCompare)).toEqual([...NAMES].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base' })));
    expect([...NAMES].sort(frenchListCompare)).toEqual([...NAMES].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base', numeric: true })));
    expect([...NAMES].sort(languageCompare('en'))).toEqual([...NAMES].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('put É with E, B2 before B10 when numeric, and take case and accents as equal when told', () => {
    expect(['Zoé', 'Émile', 'Eve'].sort(frenchCompare)).toEqual(['Émile', 'Eve', 'Zoé']);
    expect(['B10', 'B2'].sort(frenchNumericCompare)).toEqual(['B2', 'B10']);
    expect(['B10', 'B2'].sort(frenchCompare)).toEqual(['B10', 'B2']);
    expect(frenchBaseCompare('Dubé', 'dube')).toBe(0);
    expect(frenchCompare('Dubé', 'dube')).not.toBe(0);
  });
});
