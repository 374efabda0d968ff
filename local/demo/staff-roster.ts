import type { LocalizedText } from '@shared/schemas/common';
import type { StaffDepartment } from '@shared/schemas/staff';

/**
 * The staff of a Québec primary school, scaled to its size. French titles are gendered (the demo picks the form
 * that matches the person); English titles are not.
 */
export interface RosterEntry {
  key: string;
  department: StaffDepartment;
  fr: { f: string; m: string };
  en: string;
  /** How many, given the number of classes and of students. */
  count: (size: { classes: number; students: number }) => number;
}

const perTwelveClasses = (n: number) => (size: { classes: number }) => n * Math.max(1, Math.ceil(size.classes / 12));

export const STAFF_ROSTER: readonly RosterEntry[] = [
  { key: 'principal', department: 'direction', fr: { f: 'Directrice', m: 'Directeur' }, en: 'Principal', count: () => 1 },
  {
    key: 'vicePrincipal',
    department: 'direction',
    fr: { f: 'Directrice adjointe', m: 'Directeur adjoint' },
    en: 'Vice-principal',
    count: perTwelveClasses(1),
  },
  {
    key: 'secretary',
    department: 'administration',
    fr: { f: "Secrétaire d'école", m: "Secrétaire d'école" },
    en: 'School secretary',
    count: () => 1,
  },
  {
    key: 'clerk',
    department: 'administration',
    fr: { f: 'Agente de bureau', m: 'Agent de bureau' },
    en: 'Office clerk',
    count: perTwelveClasses(1),
  },
  // One homeroom teacher per class: the generator gives them their class.
  { key: 'teacher', department: 'teaching', fr: { f: 'Enseignante', m: 'Enseignant' }, en: 'Teacher', count: (s) => s.classes },
  {
    key: 'resourceTeacher',
    department: 'teaching',
    fr: { f: 'Enseignante-ressource', m: 'Enseignant-ressource' },
    en: 'Resource teacher',
    count: perTwelveClasses(1),
  },
  {
    key: 'music',
    department: 'specialists',
    fr: { f: 'Spécialiste en musique', m: 'Spécialiste en musique' },
    en: 'Music teacher',
    count: perTwelveClasses(1),
  },
  {
    key: 'physicalEducation',
    department: 'specialists',
    fr: { f: 'Enseignante en éducation physique', m: 'Enseignant en éducation physique' },
    en: 'Physical education teacher',
    count: perTwelveClasses(2),
  },
  {
    key: 'english',
    department: 'specialists',
    fr: { f: "Enseignante d'anglais, langue seconde", m: "Enseignant d'anglais, langue seconde" },
    en: 'English as a second language teacher',
    count: perTwelveClasses(1),
  },
  {
    key: 'drama',
    department: 'specialists',
    fr: { f: 'Spécialiste en art dramatique', m: 'Spécialiste en art dramatique' },
    en: 'Drama teacher',
    count: perTwelveClasses(1),
  },
  { key: 'remedial', department: 'professionals', fr: { f: 'Orthopédagogue', m: 'Orthopédagogue' }, en: 'Remedial teacher', count: perTwelveClasses(2) },
  {
    key: 'psychoeducator',
    department: 'professionals',
    fr: { f: 'Psychoéducatrice', m: 'Psychoéducateur' },
    en: 'Psychoeducator',
    count: perTwelveClasses(1),
  },
  {
    key: 'speechTherapist',
    department: 'professionals',
    fr: { f: 'Orthophoniste', m: 'Orthophoniste' },
    en: 'Speech-language pathologist',
    count: () => 1,
  },
  { key: 'psychologist', department: 'professionals', fr: { f: 'Psychologue', m: 'Psychologue' }, en: 'Psychologist', count: () => 1 },
  {
    key: 'daycareTechnician',
    department: 'daycare',
    fr: { f: 'Technicienne en service de garde', m: 'Technicien en service de garde' },
    en: 'Daycare technician',
    count: () => 1,
  },
  {
    key: 'daycareEducator',
    department: 'daycare',
    fr: { f: 'Éducatrice en service de garde', m: 'Éducateur en service de garde' },
    en: 'Daycare educator',
    count: (s) => Math.max(1, Math.ceil(s.students / 45)),
  },
  {
    key: 'specialEducation',
    department: 'support',
    fr: { f: 'Technicienne en éducation spécialisée', m: 'Technicien en éducation spécialisée' },
    en: 'Special education technician',
    count: perTwelveClasses(2),
  },
  { key: 'caretaker', department: 'support', fr: { f: 'Concierge', m: 'Concierge' }, en: 'Caretaker', count: () => 1 },
  {
    key: 'supervisor',
    department: 'support',
    fr: { f: "Surveillante d'élèves", m: "Surveillant d'élèves" },
    en: 'Lunch supervisor',
    count: () => 1,
  },
];

export function staffTitle(entry: RosterEntry, gender: 'f' | 'm'): LocalizedText {
  return { fr: entry.fr[gender], en: entry.en };
}
