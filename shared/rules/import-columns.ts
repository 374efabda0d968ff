import type { Language, LocalizedText } from '../schemas/common';
import { compactToken } from './import-values';

/**
 * The columns of the import files, in one place: the importer (server and CLI) reads headers with it, the
 * export and the templates write them, and the admin page can show the same names. A header is recognised in
 * French or English, or as its field code, whatever its case, accents or punctuation (`Code postal`,
 * `postal code`, `postalCode`). Templates and exports use the admin's language.
 */

export const IMPORT_ENTITIES = ['school', 'classes', 'staff', 'parents', 'students', 'committees', 'memberships'] as const;
export type ImportEntity = (typeof IMPORT_ENTITIES)[number];

export interface ImportColumn {
  field: string;
  header: LocalizedText;
  /** Other headers people use for this column (compared as compact tokens). */
  aliases?: readonly string[];
  /** The column must be present and every row must fill it. */
  required?: boolean;
  /** The template's example value. */
  example: LocalizedText;
}

export interface EntityFormat {
  entity: ImportEntity;
  /** What the file holds, lowercase, for messages (`Two files hold {entity}`); `entityTitle` for a heading. */
  label: LocalizedText;
  /** Name of the template and export file, without `.csv`. */
  fileName: LocalizedText;
  /** Words of a file name that say which entity a file holds (`eleves-2025.csv`). */
  fileWords: readonly string[];
  columns: readonly ImportColumn[];
  /** Column groups of which at least one must be present, and filled on every row (French or English title). */
  oneOf?: readonly (readonly string[])[];
  /** Example rows after the first (the columns' examples) in the template. */
  moreExamples?: readonly (readonly LocalizedText[])[];
}

const same = (text: string): LocalizedText => ({ fr: text, en: text });
const col = (
  field: string,
  fr: string,
  en: string,
  example: LocalizedText | string,
  options: { required?: boolean; aliases?: string[] } = {},
): ImportColumn => ({
  field,
  header: { fr, en },
  example: typeof example === 'string' ? same(example) : example,
  ...options,
});

// The examples of the seven templates fit together: imported as they are, they make a valid little school.
const PERSON_NAME = ['nom de famille', 'family name', 'surname'];
const ORDINALS_FR = ['1re', '2e', '3e', '4e', '5e', '6e'];
/** The school file's level columns for grade `n` (1 to 6), the other columns empty. */
const gradeExample = (n: number): LocalizedText[] => [
  ...Array.from({ length: 9 }, () => same('')),
  same(`G${n}`),
  same(`${ORDINALS_FR[n - 1]} année`),
  same(`Grade ${n}`),
  same(ORDINALS_FR[n - 1]!),
  same(String(n)),
];
export const IMPORT_FORMATS: Readonly<Record<ImportEntity, EntityFormat>> = {
  // The school settings: one row per level, in order; the school's own columns on the first row only.
  school: {
    entity: 'school',
    label: { fr: "paramètres de l'école", en: 'school settings' },
    fileName: { fr: 'ecole', en: 'school' },
    fileWords: ['ecole', 'school', 'parametres', 'settings'],
    columns: [
      col('schoolName', "Nom de l'école", 'School name', { fr: 'École des Érables', en: 'École des Érables' }, {
        required: true,
      }),
      col('schoolYear', 'Année scolaire', 'School year', '2025-2026', { required: true }),
      col('email', 'Courriel', 'Email', 'secretariat@ecole.example', { aliases: ['adresse courriel', 'e-mail'] }),
      col('phone', 'Téléphone', 'Phone', '514 555-0100', { aliases: ['telephone'] }),
      col('street', 'Adresse', 'Street address', '4321, rue des Érables', { aliases: ['rue', 'street', 'address'] }),
      col('city', 'Ville', 'City', 'Montréal'),
      col('postalCode', 'Code postal', 'Postal code', 'H2H 1Y4'),
      col('classStructure', 'Structure des classes', 'Class structure', {
        fr: 'Classes multiniveaux',
        en: 'Multi-grade classes',
      }),
      col('graduatingLevel', 'Niveau finissant', 'Graduating level', 'G6', { aliases: ['niveau de fin'] }),
      col('levelCode', 'Code du niveau', 'Level code', 'G1', { required: true }),
      col('levelFr', 'Niveau (français)', 'Level (French)', '1re année', { required: true, aliases: ['niveau'] }),
      col('levelEn', 'Niveau (anglais)', 'Level (English)', 'Grade 1', { required: true, aliases: ['level'] }),
      col('shortFr', 'Abrégé (français)', 'Short label (French)', '1re', { aliases: ['abrege'] }),
      col('shortEn', 'Abrégé (anglais)', 'Short label (English)', '1', { aliases: ['short label'] }),
    ],
    moreExamples: [2, 3, 4, 5, 6].map(gradeExample),
  },
  classes: {
    entity: 'classes',
    label: { fr: 'classes', en: 'classes' },
    fileName: same('classes'),
    fileWords: ['classes', 'classe', 'class', 'groupes', 'groups'],
    columns: [
      // Optional: the code names the class; a key (an export writes the id) keeps its id across a round trip.
      col('key', 'Clé', 'Key', '', { aliases: ['identifiant', 'id'] }),
      col('code', 'Code', 'Code', 'A', { required: true }),
      col('name', 'Nom', 'Name', { fr: 'Classe A', en: 'Class A' }, { required: true }),
      col('levels', 'Niveaux', 'Levels', { fr: '1re année|2e année', en: 'Grade 1|Grade 2' }, {
        required: true,
        aliases: ['niveau', 'level'],
      }),
      col('teacher', 'Enseignant(e)', 'Teacher', 'E001', { aliases: ['enseignant', 'enseignante', 'titulaire'] }),
      col('parentRepresentatives', 'Représentants parents', 'Parent representatives', 'P001'),
      col('studentRepresentatives', 'Représentants élèves', 'Student representatives', 'S001'),
    ],
  },
  staff: {
    entity: 'staff',
    label: { fr: 'membres du personnel', en: 'staff members' },
    fileName: { fr: 'personnel', en: 'staff' },
    fileWords: ['personnel', 'staff', 'employes', 'employees'],
    columns: [
      col('key', 'Clé', 'Key', 'E001', { aliases: ['identifiant', 'id'] }),
      col('firstName', 'Prénom', 'First name', 'Isabelle', { required: true }),
      col('lastName', 'Nom', 'Last name', 'Tremblay', { required: true, aliases: PERSON_NAME }),
      col('email', 'Courriel', 'Email', 'isabelle.tremblay@ecole.example', { aliases: ['adresse courriel', 'e-mail'] }),
      col('phone', 'Téléphone', 'Phone', '514 555-0101', { aliases: ['telephone'] }),
      col('titleFr', 'Titre (français)', 'Title (French)', 'Enseignante', { aliases: ['titre'] }),
      col('titleEn', 'Titre (anglais)', 'Title (English)', 'Teacher', { aliases: ['title'] }),
      col('department', 'Service', 'Department', { fr: 'Enseignement', en: 'Teaching' }, {
        required: true,
        aliases: ['departement', 'groupe'],
      }),
      col('interests', 'Intérêts', 'Interests', { fr: 'Lecture|Musique', en: 'Reading|Music' }),
    ],
    oneOf: [['titleFr', 'titleEn']],
  },
  parents: {
    entity: 'parents',
    label: same('parents'),
    fileName: same('parents'),
    fileWords: ['parents', 'parent', 'familles', 'families'],
    columns: [
      col('key', 'Clé', 'Key', 'P001', { aliases: ['identifiant', 'id'] }),
      col('firstName', 'Prénom', 'First name', 'Marie-Ève', { required: true }),
      col('lastName', 'Nom', 'Last name', 'Côté', { required: true, aliases: PERSON_NAME }),
      col('email', 'Courriel', 'Email', 'marie-eve.cote@courriel.example', { aliases: ['adresse courriel', 'e-mail'] }),
      col('phone', 'Téléphone', 'Phone', '514 555-0123', { aliases: ['telephone'] }),
      col('street', 'Adresse', 'Street address', '1234, rue des Érables', { aliases: ['rue', 'street', 'address'] }),
      col('city', 'Ville', 'City', 'Montréal'),
      col('postalCode', 'Code postal', 'Postal code', 'H2H 1Y4'),
      col('interests', 'Intérêts', 'Interests', { fr: 'Jardinage|Cuisine', en: 'Gardening|Cooking' }),
      col('skills', 'Compétences', 'Skills', { fr: 'Comptable', en: 'Accountant' }),
      col('participation', 'Participation au bottin', 'Directory participation', { fr: 'Complète', en: 'Full' }, {
        aliases: ['participation'],
      }),
      col('language', 'Langue', 'Language', { fr: 'Français', en: 'French' }, {
        aliases: ['langue preferee', 'preferred language'],
      }),
      // Who sees each field (docs/privacy.md). Blank: what the participation level shows.
      col('emailAudience', 'Courriel visible par', 'Email visible to', { fr: "Toute l'école", en: 'Whole school' }),
      col('phoneAudience', 'Téléphone visible par', 'Phone visible to', { fr: 'Classes des enfants', en: "Children's classes" }),
      col('addressAudience', 'Adresse visible par', 'Address visible to', { fr: 'Administrateurs seulement', en: 'Administrators only' }),
      col('profileAudience', 'Intérêts visibles par', 'Interests visible to', { fr: "Toute l'école", en: 'Whole school' }),
      // A safety restriction (docs/privacy.md): the keys of the parents this one is hidden from. Without the
      // column an import keeps every restriction; with it, the file is the truth (blank lifts one, with a warning).
      col('hiddenFrom', 'Masqué pour (restriction de sécurité)', 'Hidden from (safety restriction)', '', {
        aliases: ['masque pour', 'hidden from', 'restriction de securite', 'safety restriction'],
      }),
    ],
  },
  students: {
    entity: 'students',
    label: { fr: 'élèves', en: 'students' },
    fileName: { fr: 'eleves', en: 'students' },
    fileWords: ['eleves', 'eleve', 'students', 'student', 'enfants', 'children'],
    columns: [
      col('key', 'Clé', 'Key', 'S001', { aliases: ['identifiant', 'id'] }),
      col('firstName', 'Prénom', 'First name', 'Léa', { required: true }),
      col('lastName', 'Nom', 'Last name', 'Côté', { required: true, aliases: PERSON_NAME }),
      col('level', 'Niveau', 'Level', { fr: '1re année', en: 'Grade 1' }, { required: true }),
      col('class', 'Classe', 'Class', 'A', { required: true, aliases: ['groupe', 'group'] }),
      col('parent1', 'Parent 1', 'Parent 1', 'P001', { required: true }),
      col('parent2', 'Parent 2', 'Parent 2', ''),
      col('parent3', 'Parent 3', 'Parent 3', ''),
      col('parent4', 'Parent 4', 'Parent 4', ''),
      // For the school's staff only (shared/rules/visibility.ts). Without the column an import keeps the stored note.
      col('staffNote', 'Note pour le personnel', 'Staff note', '', { aliases: ['note', 'note personnel'] }),
    ],
  },
  committees: {
    entity: 'committees',
    label: { fr: 'comités', en: 'committees' },
    fileName: { fr: 'comites', en: 'committees' },
    fileWords: ['comites', 'comite', 'committees', 'committee'],
    columns: [
      col('key', 'Clé', 'Key', 'CE', { aliases: ['identifiant', 'id'] }),
      col('nameFr', 'Nom (français)', 'Name (French)', "Conseil d'établissement", { aliases: ['nom'] }),
      col('nameEn', 'Nom (anglais)', 'Name (English)', 'Governing board', { aliases: ['name'] }),
      col('kind', 'Type', 'Kind', { fr: "Conseil d'établissement", en: 'Governing board' }, { required: true }),
      col('descriptionFr', 'Description (français)', 'Description (French)', "Adopte le projet éducatif de l'école."),
      col('descriptionEn', 'Description (anglais)', 'Description (English)', "Adopts the school's educational project."),
      // Open to parents' sign-ups from their form (docs/product-rules.md). Without the column an import keeps it.
      col('openToSignUps', 'Ouvert aux inscriptions', 'Open to sign-ups', { fr: 'Non', en: 'No' }, {
        aliases: ['inscriptions', 'sign-ups'],
      }),
    ],
    oneOf: [['nameFr', 'nameEn']],
  },
  memberships: {
    entity: 'memberships',
    label: { fr: 'membres de comités', en: 'committee members' },
    fileName: { fr: 'membres-comites', en: 'committee-members' },
    fileWords: ['membres', 'membre', 'members', 'member', 'memberships', 'membership'],
    columns: [
      col('committee', 'Comité', 'Committee', 'CE', { required: true }),
      col('memberType', 'Type de membre', 'Member type', 'Parent', { required: true }),
      col('member', 'Membre', 'Member', 'P001'),
      col('role', 'Rôle', 'Role', { fr: 'Président ou présidente', en: 'Chair' }, { required: true }),
      col('firstName', 'Prénom', 'First name', ''),
      col('lastName', 'Nom', 'Last name', '', { aliases: PERSON_NAME }),
      col('affiliation', 'Organisme', 'Affiliation', '', { aliases: ['organisation', 'organization'] }),
    ],
  },
};

/**
 * What a file holds, as a heading or a label on its own ("Paramètres de l'école", "Staff members"); `label` stays
 * lowercase for the middle of a sentence ("Two files hold staff members").
 */
export function entityTitle(entity: ImportEntity, lang: Language): string {
  const label = IMPORT_FORMATS[entity].label[lang];
  return label.charAt(0).toLocaleUpperCase(lang === 'fr' ? 'fr-CA' : 'en-CA') + label.slice(1);
}

/** The column a header names, for one entity; undefined when the header is not one of its columns. */
export function columnForHeader(entity: ImportEntity, header: string): ImportColumn | undefined {
  const token = compactToken(header);
  if (token === '') return undefined;
  return IMPORT_FORMATS[entity].columns.find((column) =>
    [column.field, column.header.fr, column.header.en, ...(column.aliases ?? [])].some(
      (name) => compactToken(name) === token,
    ),
  );
}

/** The header of a field in the admin's language (for messages and exports). */
export function headerOf(entity: ImportEntity, field: string, lang: Language): string {
  return IMPORT_FORMATS[entity].columns.find((column) => column.field === field)?.header[lang] ?? field;
}

/**
 * Which entity a file holds: from its name when the words in it name one entity (`membres-comites.csv` is the
 * memberships file, not the committees one), otherwise from its header row: the entity with every required
 * column present and the most recognised headers, if no other ties with it.
 */
export function detectEntity(fileName: string, headers: readonly string[]): ImportEntity | undefined {
  const words = new Set(
    fileName
      .replace(/\.[^.]*$/, '')
      .split(/[^\p{L}\p{N}]+/u)
      .map(compactToken),
  );
  let named = IMPORT_ENTITIES.filter((entity) => IMPORT_FORMATS[entity].fileWords.some((word) => words.has(word)));
  if (named.includes('memberships')) named = named.filter((entity) => entity !== 'committees');
  if (named.length === 1) return named[0];
  const scores = IMPORT_ENTITIES.map((entity) => {
    const fields = new Set(headers.map((header) => columnForHeader(entity, header)?.field).filter(Boolean));
    const complete = IMPORT_FORMATS[entity].columns.every((column) => !column.required || fields.has(column.field));
    return { entity, score: complete ? fields.size : 0 };
  }).sort((a, b) => b.score - a.score);
  const [best, second] = scores;
  return best && best.score > 0 && best.score > (second?.score ?? 0) ? best.entity : undefined;
}

/** A template: the header row and its example rows (one, or a few for the school file), in the admin's language. */
export function templateRows(entity: ImportEntity, lang: Language): string[][] {
  const { columns, moreExamples = [] } = IMPORT_FORMATS[entity];
  return [
    columns.map((column) => column.header[lang]),
    columns.map((column) => column.example[lang]),
    ...moreExamples.map((row) => row.map((text) => text[lang])),
  ];
}

export function fileNameOf(entity: ImportEntity, lang: Language): string {
  return `${IMPORT_FORMATS[entity].fileName[lang]}.csv`;
}
