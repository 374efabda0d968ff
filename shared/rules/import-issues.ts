import type { Language } from '../schemas/common';

/**
 * What can be wrong with an import file, as codes with parameters: the server never sends sentences. The
 * admin page translates them (this table may be reused or mirrored in its i18n files); the import CLI prints
 * them with `formatIssueMessage`. Placeholders: {value}, {field} (the column header), {max}, {line}, {count},
 * {expected}, {entity}, {level}, {class}, {key},
 * {allowed}.
 */
export const IMPORT_ISSUE_MESSAGES = {
  // Files
  EMPTY_FILE: { fr: 'Le fichier est vide.', en: 'The file is empty.' },
  UNKNOWN_FILE: {
    fr: 'Impossible de savoir ce que contient ce fichier\u00a0: nommez-le comme un modèle ou gardez les en-têtes du modèle.',
    en: "Cannot tell what this file holds: name it like a template or keep the template's headers.",
  },
  DUPLICATE_FILE: {
    fr: 'Deux fichiers contiennent des {entity}\u00a0: retirez celui qui est de trop (✕), ou mettez leurs lignes dans un seul fichier.',
    en: 'Two files hold {entity}: remove the one you do not need (✕), or put their rows in one file.',
  },
  INVALID_ENCODING: {
    fr: "Le fichier n'est pas en UTF-8\u00a0: enregistrez-le au format «\u00a0CSV UTF-8\u00a0».",
    en: 'The file is not UTF-8: save it as "CSV UTF-8".',
  },
  UNTERMINATED_QUOTE: {
    fr: "Un guillemet ouvert ici n'est jamais fermé.",
    en: 'A quote opened here is never closed.',
  },
  TEXT_AFTER_QUOTE: {
    fr: 'Du texte suit un guillemet fermant\u00a0: doublez les guillemets à l\'intérieur d\'une valeur ("").',
    en: 'Text follows a closing quote: double the quotes inside a value ("").',
  },
  MISSING_COLUMN: { fr: 'Colonne obligatoire absente\u00a0: {field}.', en: 'Required column missing: {field}.' },
  DUPLICATE_COLUMN: { fr: 'La colonne {field} apparaît deux fois.', en: 'Column {field} appears twice.' },
  UNKNOWN_COLUMN: {
    fr: 'Colonne «\u00a0{value}\u00a0» inconnue\u00a0: elle est ignorée.',
    en: 'Unknown column "{value}": it is ignored.',
  },
  TOO_MANY_ROWS: { fr: 'Trop de lignes (maximum {max}).', en: 'Too many rows (at most {max}).' },
  TOO_MANY_FIELDS: {
    fr: 'Cette ligne a {count} valeurs pour {expected} colonnes\u00a0: une virgule ou un point-virgule de trop?',
    en: 'This row has {count} values for {expected} columns: an extra comma or semicolon?',
  },
  // Values
  // French puts {field} (a column header, or a form label on the settings screen) after a colon, never as a bare
  // subject: no article fits every header ("Prénom est obligatoire" is not French; "Le prénom" would be).
  REQUIRED: { fr: 'Valeur obligatoire manquante\u00a0: {field}.', en: '{field} is required.' },
  TOO_LONG: { fr: '{field}\u00a0: au plus {max} caractères.', en: '{field}: at most {max} characters.' },
  TOO_MANY: { fr: '{field}\u00a0: au plus {max} valeurs.', en: '{field}: at most {max} values.' },
  INVALID_EMAIL: { fr: 'Courriel invalide\u00a0: «\u00a0{value}\u00a0».', en: 'Invalid email: "{value}".' },
  INVALID_PHONE: {
    fr: 'Téléphone invalide\u00a0: «\u00a0{value}\u00a0» (10 chiffres, p. ex. 514 555-1234).',
    en: 'Invalid phone number: "{value}" (10 digits, e.g. 514 555-1234).',
  },
  INVALID_POSTAL_CODE: {
    fr: 'Code postal invalide\u00a0: «\u00a0{value}\u00a0» (p. ex. H2X 1Y4).',
    en: 'Invalid postal code: "{value}" (e.g. H2X 1Y4).',
  },
  INVALID_NAME: {
    fr: '{field}\u00a0: caractère de contrôle interdit.',
    en: '{field} contains a control character.',
  },
  INVALID_KEY: {
    fr: 'Clé invalide\u00a0: «\u00a0{value}\u00a0» (au plus 64 caractères, sans «\u00a0|\u00a0»).',
    en: 'Invalid key: "{value}" (at most 64 characters, no "|").',
  },
  INVALID_VALUE: { fr: '{field}\u00a0: valeur «\u00a0{value}\u00a0» inconnue.', en: '{field}: unknown value "{value}".' },
  // A value of a list of choices: {allowed} names the list (VALUE_TABLES), which describeIssue writes out.
  INVALID_CHOICE: {
    fr: '{field}\u00a0: valeur «\u00a0{value}\u00a0» inconnue (valeurs acceptées\u00a0: {allowed}).',
    en: '{field}: unknown value "{value}" (accepted values: {allowed}).',
  },
  ADDRESS_INCOMPLETE: {
    fr: 'Adresse incomplète, valeur manquante\u00a0: {field} (adresse, ville et code postal vont ensemble).',
    en: 'Incomplete address: {field} is missing (street, city and postal code go together).',
  },
  NAME_ONLY_DETAILS: {
    fr: 'Participation «\u00a0nom seulement\u00a0»\u00a0: la colonne {field} doit rester vide.',
    en: 'Participation "name only": {field} must stay empty.',
  },
  KEY_REQUIRED: {
    fr: 'Sans courriel, une clé est obligatoire pour reconnaître cette personne.',
    en: 'Without an email, a key is needed to recognise this person.',
  },
  DUPLICATE_KEY: {
    fr: '«\u00a0{key}\u00a0» désigne déjà la ligne {line}.',
    en: '"{key}" already names line {line}.',
  },
  CODE_IN_USE: {
    fr: "Le code «\u00a0{value}\u00a0» est déjà celui d'une autre classe.",
    en: 'Code "{value}" already belongs to another class.',
  },
  // School settings (school.csv)
  INVALID_SCHOOL_YEAR: {
    fr: 'Année scolaire invalide\u00a0: «\u00a0{value}\u00a0» (deux années qui se suivent, p. ex. 2025-2026).',
    en: 'Invalid school year: "{value}" (two consecutive years, e.g. 2025-2026).',
  },
  SCHOOL_YEAR_BEFORE_PROGRESSION: {
    fr: "L'année scolaire ne peut pas revenir à «\u00a0{value}\u00a0»\u00a0: la progression vers {year} a déjà été appliquée, et les élèves passeraient une deuxième fois au niveau suivant.",
    en: 'The school year cannot go back to "{value}": the progression to {year} was already applied, and students would move up a second time.',
  },
  INVALID_LEVEL_CODE: {
    fr: 'Code de niveau invalide\u00a0: «\u00a0{value}\u00a0» (au plus 8 majuscules, chiffres ou tirets, p. ex. G1 ou K).',
    en: 'Invalid level code: "{value}" (at most 8 capital letters, digits or dashes, e.g. G1 or K).',
  },
  SCHOOL_VALUE_ELSEWHERE: {
    fr: '{field}\u00a0: à remplir sur la première ligne seulement (ligne {line}).',
    en: '{field} is filled on the first row only (line {line}).',
  },
  LEVEL_IN_USE: {
    fr: "Le niveau «\u00a0{value}\u00a0» manque dans ce fichier, mais des classes ou des élèves l'utilisent encore ({count}).",
    en: 'Level "{value}" is missing from this file, but classes or students still use it ({count}).',
  },
  // The same refusal on the school settings screen (lambdas/admin/settings), which has no file.
  SETTINGS_LEVEL_IN_USE: {
    fr: 'Le niveau «\u00a0{value}\u00a0» ne peut pas être retiré des paramètres\u00a0: des classes ou des élèves ont encore ce niveau ({count}).',
    en: 'Level "{value}" cannot be removed from the settings: classes or students still have this level ({count}).',
  },
  // References
  UNKNOWN_LEVEL: { fr: 'Niveau inconnu\u00a0: «\u00a0{value}\u00a0».', en: 'Unknown level: "{value}".' },
  LEVEL_NOT_IN_CLASS: {
    fr: "La classe {class} n'accueille pas le niveau {level}.",
    en: 'Class {class} does not host level {level}.',
  },
  UNKNOWN_CLASS: { fr: 'Classe inconnue\u00a0: «\u00a0{value}\u00a0».', en: 'Unknown class: "{value}".' },
  REFERENCE_ROW_REFUSED: {
    fr: "«\u00a0{value}\u00a0» est à la ligne {line} de {file}, qui a elle-même une erreur\u00a0: corrigez d'abord cette ligne.",
    en: '"{value}" is on line {line} of {file}, which has an error of its own: fix that line first.',
  },
  UNKNOWN_PARENT: { fr: 'Parent inconnu\u00a0: «\u00a0{value}\u00a0».', en: 'Unknown parent: "{value}".' },
  UNKNOWN_STAFF: { fr: 'Membre du personnel inconnu\u00a0: «\u00a0{value}\u00a0».', en: 'Unknown staff member: "{value}".' },
  UNKNOWN_STUDENT: { fr: 'Élève inconnu\u00a0: «\u00a0{value}\u00a0».', en: 'Unknown student: "{value}".' },
  UNKNOWN_COMMITTEE: { fr: 'Comité inconnu\u00a0: «\u00a0{value}\u00a0».', en: 'Unknown committee: "{value}".' },
  AMBIGUOUS_EMAIL: {
    fr: '{count} personnes ont le courriel «\u00a0{value}\u00a0»\u00a0: utilisez leur clé.',
    en: '{count} people have the email "{value}": use their key.',
  },
  DUPLICATE_REFERENCE: {
    fr: '«\u00a0{value}\u00a0» est déjà nommé sur cette ligne.',
    en: '"{value}" is already named on this row.',
  },
  DUPLICATE_MEMBER: {
    fr: 'Cette personne est déjà membre de ce comité à la ligne {line}.',
    en: 'This person is already a member of this committee on line {line}.',
  },
  RESTRICTION_SELF: {
    fr: 'Un parent ne peut pas être masqué pour lui-même («\u00a0{value}\u00a0»).',
    en: 'A parent cannot be hidden from themselves ("{value}").',
  },
  RESTRICTION_LIFTED: {
    fr: 'La restriction de sécurité de ce parent sera levée (la colonne {field} est vide)\u00a0: vérifiez que c\'est voulu.',
    en: "This parent's safety restriction will be lifted ({field} is empty): check that this is intended.",
  },
  RENAMED_BY_EMAIL: {
    fr: "Ce courriel appartient à {value}, qui s'appellera «\u00a0{name}\u00a0»\u00a0: vérifiez que c'est la même personne.",
    en: 'This email is {value}\'s, who will be named "{name}": check that this is the same person.',
  },
  NAME_ONLY_MEMBER: {
    fr: "Un parent en participation «\u00a0nom seulement\u00a0» ne peut pas être membre d'un comité.",
    en: 'A parent with "name only" participation cannot sit on a committee.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type ImportIssueCode = keyof typeof IMPORT_ISSUE_MESSAGES;
export const IMPORT_ISSUE_CODES = Object.keys(IMPORT_ISSUE_MESSAGES) as ImportIssueCode[];

/** Issue codes that do not block an import (the rest do). */
export const WARNING_CODES: ReadonlySet<ImportIssueCode> = new Set(['UNKNOWN_COLUMN', 'RESTRICTION_LIFTED', 'RENAMED_BY_EMAIL']);

/**
 * Fills a message's placeholders; a missing parameter stays visible as `{name}` rather than vanishing. Quantities
 * are written as each language writes them (« 1 000 » with a non-breaking space in French, "1,000" in English); a
 * line number stays bare, as a page number does (« ligne 1234 », like the place before the sentence).
 */
export function formatIssueMessage(
  code: ImportIssueCode,
  params: Record<string, string | number>,
  lang: Language,
): string {
  const numbers = new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-CA');
  return IMPORT_ISSUE_MESSAGES[code][lang].replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = params[name];
    if (value === undefined) return match;
    return typeof value === 'number' && name !== 'line' ? numbers.format(value) : String(value);
  });
}
