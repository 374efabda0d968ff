import type { Language } from '@shared/schemas/common';

/**
 * The import CLI's own sentences, in French and English (`--lang en`). Issues in the files are worded by
 * shared/rules/import-issues.ts, the same table the admin page can use.
 */
export const CLI_MESSAGES = {
  usage: {
    fr: `usage\u00a0: npm run import -- <dossier ou fichiers .csv> [--dry-run] [--lang fr|en]
                [--table <nom>] [--region <région>] [--school-name <nom>]`,
    en: `usage: npm run import -- <folder or .csv files> [--dry-run] [--lang fr|en]
              [--table <name>] [--region <region>] [--school-name <name>]`,
  },
  target: { fr: 'Table\u00a0: {target}', en: 'Table: {target}' },
  noFiles: { fr: 'Aucun fichier .csv trouvé dans {path}.', en: 'No .csv file found in {path}.' },
  file: { fr: '  {name}\u00a0: {entity}, {rows} ligne(s), séparateur «\u00a0{separator}\u00a0»', en: '  {name}: {entity}, {rows} row(s), separator "{separator}"' },
  unknownEntity: { fr: 'inconnu', en: 'unknown' },
  countsHeader: {
    fr: 'Lignes\u00a0: à créer / à modifier / inchangées',
    en: 'Rows: to create / to update / unchanged',
  },
  counts: { fr: '  {entity}\u00a0: {create} / {update} / {unchanged}', en: '  {entity}: {create} / {update} / {unchanged}' },
  related: {
    fr: 'Liens familiaux +{familyLinksAdded} −{familyLinksRemoved} · comités +{membershipsAdded} ~{membershipsChanged} −{membershipsRemoved} · courriels autorisés +{registryAdded} −{registryRemoved}',
    en: 'Family links +{familyLinksAdded} −{familyLinksRemoved} · committees +{membershipsAdded} ~{membershipsChanged} −{membershipsRemoved} · authorised emails +{registryAdded} −{registryRemoved}',
  },
  settings: {
    fr: 'La table n’a pas de paramètres d’école\u00a0: les paramètres par défaut (1re à 6e année) seront créés.',
    en: 'The table has no school settings: the default ones (grades 1 to 6) will be created.',
  },
  writes: { fr: '{writes} écriture(s) prévue(s).', en: '{writes} write(s) planned.' },
  warnings: { fr: '{count} avertissement(s)\u00a0:', en: '{count} warning(s):' },
  errors: { fr: '{count} erreur(s)\u00a0: rien n’a été écrit.', en: '{count} error(s): nothing was written.' },
  moreErrors: { fr: '… et {count} autre(s).', en: '… and {count} more.' },
  dryRunOk: {
    fr: 'Essai à blanc réussi\u00a0: relancez sans --dry-run pour importer.',
    en: 'Dry run passed: run again without --dry-run to import.',
  },
  nothingToDo: { fr: 'Rien à changer\u00a0: le bottin correspond déjà aux fichiers.', en: 'Nothing to change: the directory already matches the files.' },
  progress: { fr: '  écrit {written}/{total} ({percent}\u00a0%)', en: '  written {written}/{total} ({percent}%)' },
  conflict: {
    fr: 'Un enregistrement a changé pendant l’import\u00a0: nouvel essai ({attempt}/{max})…',
    en: 'A record changed during the import: trying again ({attempt}/{max})…',
  },
  done: { fr: 'Import terminé\u00a0: {written} écriture(s) en {seconds} s.', en: 'Import complete: {written} write(s) in {seconds} s.' },
  failed: { fr: 'erreur\u00a0: {message}', en: 'error: {message}' },
} as const satisfies Record<string, Record<Language, string>>;

export type CliMessage = keyof typeof CLI_MESSAGES;

export function say(key: CliMessage, lang: Language, params: Record<string, string | number> = {}): string {
  return CLI_MESSAGES[key][lang].replace(/\{(\w+)\}/g, (match, name: string) =>
    params[name] === undefined ? match : String(params[name]),
  );
}
