import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { vCard, vCards, vcfFileName, type VCardPerson } from '@shared/format/vcard';
import { buildDirectoryResponse } from '../../lambdas/directory/directory-service';
import { generateSchool } from '../../local/demo/generate-school';
import { buildDirectoryIndex } from '../../frontend/src/lib/directory/directory-index';
import { classParentCards, parentCard, staffCard } from '../../frontend/src/lib/directory/contacts';
import { summarizeStudent } from '../../frontend/src/lib/directory/student-info';

/** Contacts for the phone (shared/format/vcard.ts), read back with a vCard parser (ical.js) as a contacts app would. */

const parse = (text: string) => {
  const parsed = ICAL.parse(text) as unknown[];
  const list = (Array.isArray(parsed[0]) ? parsed : [parsed]) as ConstructorParameters<typeof ICAL.Component>[0][];
  return list.map((jcard) => new ICAL.Component(jcard));
};

const person: VCardPerson = {
  firstName: 'Marie-Ève',
  lastName: "O'Brien-Côté",
  email: 'marie-eve@courriel.example',
  phone: '5145550001',
  address: { street: '12, rue des Érables; app. 3', city: 'Trois-Rivières', postalCode: 'G9A 1A1' },
  organisation: 'École des Grands-Chênes',
  note: 'Parent de Zoé (Classe A), Éloi (Classe B)',
};

describe('vCard 3.0', () => {
  it('is read back whole: UTF-8 names, +1 phone, address parts, school, children in the note', () => {
    const [card] = parse(vCard(person));
    expect(card!.getFirstPropertyValue('version')).toBe('3.0');
    expect(card!.getFirstPropertyValue('fn')).toBe("Marie-Ève O'Brien-Côté");
    expect(card!.getFirstPropertyValue('n')).toEqual(["O'Brien-Côté", 'Marie-Ève', '', '', '']);
    expect(card!.getFirstPropertyValue('tel')).toBe('+15145550001');
    expect(card!.getFirstPropertyValue('email')).toBe('marie-eve@courriel.example');
    expect(card!.getFirstPropertyValue('adr')).toEqual(['', '', '12, rue des Érables; app. 3', 'Trois-Rivières', 'QC', 'G9A 1A1', 'Canada']);
    expect(card!.getFirstPropertyValue('org')).toBe('École des Grands-Chênes');
    expect(card!.getFirstPropertyValue('note')).toBe('Parent de Zoé (Classe A), Éloi (Classe B)');
  });

  it('names the province from the postal code (the directory stores none), and leaves it blank when unknown', () => {
    const region = (postalCode: string) =>
      (parse(vCard({ ...person, address: { ...person.address!, postalCode } }))[0]!.getFirstPropertyValue('adr') as unknown as string[])[4];
    expect([region('H2X 1Y4'), region('J8Y 3A1'), region('K1A 0B1'), region('X0A 0H0'), region('12345')]).toEqual(['QC', 'QC', 'ON', '', '']);
  });

  it('folds long lines at 75 octets without cutting an accented letter, and writes only what it is given', () => {
    const note = `Parent de ${Array.from({ length: 12 }, (_, i) => `Élève${i} (Classe É${i})`).join(', ')}`;
    const text = vCard({ firstName: 'Zoé', lastName: 'Lévesque', note });
    for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const [card] = parse(text);
    expect(card!.getFirstPropertyValue('note')).toBe(note);
    expect(card!.getFirstPropertyValue('tel')).toBeNull();
    expect(card!.getFirstPropertyValue('email')).toBeNull();
    expect(card!.getFirstPropertyValue('adr')).toBeNull();
  });

  it('puts several cards in one file, and names files without accents', () => {
    expect(parse(vCards([person, { firstName: 'Léo', lastName: 'Roy' }])).map((c) => c.getFirstPropertyValue('fn'))).toEqual([
      "Marie-Ève O'Brien-Côté",
      'Léo Roy',
    ]);
    expect(vcfFileName("Marie-Ève O'Brien-Côté")).toBe('marie-eve-o-brien-cote.vcf');
    expect(vcfFileName('***')).toBe('contact.vcf');
    // « œ » is two letters, not a separator (a trial's « Dubœuf » was `dub-uf.vcf`).
    expect(vcfFileName('Noëlle Dubœuf')).toBe('noelle-duboeuf.vcf');
  });
});

describe('cards from the directory a viewer received', () => {
  const school = generateSchool({ seed: 7, families: 30 });
  const hasChildren = (id: string) => school.families.some((f) => f.parentId === id);
  const limited = school.parents.find((p) => p.participation === 'limited' && p.address && p.phone && hasChildren(p.id))!;
  const directory = buildDirectoryResponse(school, { parentIds: new Set(), staff: false });
  const index = buildDirectoryIndex(directory);

  it("carries only what the viewer may see: no address for a 'limited' parent, though the school holds one", () => {
    const p = directory.parents.findIndex((x) => x.id === limited.id);
    const children = directory.parents[p]!.childIndexes.map((s) => summarizeStudent(index, s, 'fr'));
    const [card] = parse(vCard(parentCard(directory.parents[p]!, children, directory.school?.name, 'fr')));
    expect(card!.getFirstPropertyValue('tel')).toBe(`+1${limited.phone}`);
    expect(card!.getFirstPropertyValue('adr')).toBeNull();
    expect(card!.getFirstPropertyValue('note')).toMatch(/^Parent (de |d')/);
  });

  it("elides \"de\" before a child's name that starts with a vowel or a mute h, in French only", () => {
    const parent = { id: 'p1', firstName: 'Luc', lastName: 'Tran', childIndexes: [0] };
    const child = (name: string) => [{ index: 0, name, level: 'G3', className: '3A' }];
    const note = (name: string, lang: 'fr' | 'en') => parentCard(parent, child(name), undefined, lang).note;
    expect(note('Arnaud Tran', 'fr')).toBe("Parent d'Arnaud Tran (3A)");
    expect(note('Émile Tran', 'fr')).toBe("Parent d'Émile Tran (3A)");
    expect(note('Hugo Tran', 'fr')).toBe("Parent d'Hugo Tran (3A)");
    expect(note('Zoé Tran', 'fr')).toBe('Parent de Zoé Tran (3A)');
    expect(note('Arnaud Tran', 'en')).toBe('Parent of Arnaud Tran (3A)');
    const [card] = parse(vCard(parentCard(parent, child('Émile Tran'), undefined, 'fr')));
    expect(card!.getFirstPropertyValue('note')).toBe("Parent d'Émile Tran (3A)");
  });

  // A staff member's extension (set through her update link, « Ext. 1234 » on /staff) was missing: TEL:+15145550104 only.
  it("carries a staff member's extension on the work phone, and none without the phone the viewer may see", () => {
    const member = school.staff.find((s) => s.phone)!;
    const phoneless = school.staff.find((s) => s.id !== member.id)!;
    const withExtensions = {
      ...school,
      staff: school.staff.map((s) => {
        if (s.id === member.id) return { ...s, extension: '1234' };
        return s.id === phoneless.id ? { ...s, phone: undefined, extension: '5678' } : s;
      }),
    };
    const staff = buildDirectoryResponse(withExtensions, { parentIds: new Set(), staff: false }).staff;
    const card = (id: string) => {
      const entry = staff.find((s) => s.id === id)!;
      return vCard(staffCard({ member: entry, title: entry.title.fr, classes: [] }, 'École', 'fr'));
    };
    const text = card(member.id);
    expect(text).toContain(`TEL;TYPE=WORK,VOICE:+1${member.phone};ext=1234\r\n`);
    const tel = parse(text)[0]!.getFirstProperty('tel')!;
    expect(tel.getFirstValue()).toBe(`+1${member.phone};ext=1234`);
    expect(tel.getParameter('type')).toEqual(['WORK', 'VOICE']);
    expect(parse(card(phoneless.id))[0]!.getFirstPropertyValue('tel')).toBeNull();
    expect(card(phoneless.id)).not.toContain('5678');
    // Without an extension, the phone line is unchanged.
    expect(parse(vCard(person))[0]!.getFirstProperty('tel')!.getParameter('type')).toBe('VOICE');
  });

  // « Enseigne à Classe D »: the note put a class's name after « à », and the demo school names its classes « Classe D ».
  it("lists a staff member's classes under a label that reads for any class name, in both languages", () => {
    const member = buildDirectoryResponse(school, { parentIds: new Set(), staff: false }).staff[0]!;
    const note = (classes: string[], lang: 'fr' | 'en') =>
      parse(vCard(staffCard({ member, title: member.title[lang], classes }, 'École', lang)))[0]!.getFirstPropertyValue('note');
    expect(note(['Classe D'], 'fr')).toBe('Classe enseignée\u00a0: Classe D');
    expect(note(['3A'], 'fr')).toBe('Classe enseignée\u00a0: 3A');
    expect(note(['3A', 'Classe D'], 'fr')).toBe('Classes enseignées\u00a0: 3A, Classe D');
    expect(note(['Class D'], 'en')).toBe('Class taught: Class D');
    expect(note(['3A', 'Classe D'], 'en')).toBe('Classes taught: 3A, Classe D');
    expect(note([], 'fr')).toBeNull();
  });

  it("a class's file holds each of its parents once", () => {
    const cards = classParentCards(index, 0, 'en');
    const expected = new Set(index.studentsByClass[0]!.flatMap((s) => index.parentsOfStudent[s]!));
    expect(cards).toHaveLength(expected.size);
    expect(parse(vCards(cards))).toHaveLength(expected.size);
  });
});
