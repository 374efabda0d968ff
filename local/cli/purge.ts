/**
 * `npm run purge -- [--table <name>] [--region <region>] [--max <items>]`: runs the retention purge
 * (docs/privacy.md, "Retention") once, now, on the local stack's table (or the one named), with the very service the
 * daily schedule runs, and prints its report in French and English. Counts only: the report names no one.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { PurgeBusyError, runPurge } from '../../lambdas/privacy/retention/purge-service';
import { PURGE_CATEGORIES, type PurgeCategory, type PurgeReport } from '@shared/contracts/retention-api';
import { describeCliError, resolveTable, useTable } from './table-target';

const USAGE = 'usage: npm run purge -- [--table <name>] [--region <region>] [--max <items>]';

/** What each count is, in both languages. */
export const CATEGORY_LABELS: Record<PurgeCategory, { fr: string; en: string }> = {
  consentEntries: { fr: 'Entrées du journal des consentements (parents partis)', en: 'Consent log entries (departed parents)' },
  campaignParticipants: { fr: 'Participants de campagnes terminées', en: 'Participants of completed campaigns' },
  sendJobs: { fr: 'Envois de campagnes terminées', en: 'Send jobs of completed campaigns' },
  updateLinks: { fr: 'Liens de mise à jour', en: 'Update links' },
  backupParts: { fr: 'Parties de sauvegardes de progression', en: 'Progression backup parts' },
  privacyRequests: { fr: 'Demandes de confidentialité fermées', en: 'Closed privacy requests' },
  messages: { fr: 'Messages et leurs envois (année scolaire suivante terminée)', en: 'Messages and their deliveries (the next school year over)' },
};

/** The report as lines, French then English (French puts a non-breaking space before a colon). */
export function reportLines(report: PurgeReport): string[] {
  const { periods: p } = report;
  const lines = [
    `Purge de conservation ${report.id}${report.complete ? '' : ' (incomplète\u00a0: la prochaine exécution continue)'}`,
    `Durées\u00a0: parents partis ${p.departedMonths} mois, campagnes ${p.campaignMonths} mois, sauvegardes ${p.backupDays} jours, demandes ${p.requestMonths} mois`,
    ...PURGE_CATEGORIES.map((c) => `  ${CATEGORY_LABELS[c].fr}\u00a0: ${report.counts[c]}`),
    `Retention purge ${report.id}${report.complete ? '' : ' (incomplete: the next run goes on)'}`,
    `Periods: departed parents ${p.departedMonths} months, campaigns ${p.campaignMonths} months, backups ${p.backupDays} days, requests ${p.requestMonths} months`,
    ...PURGE_CATEGORIES.map((c) => `  ${CATEGORY_LABELS[c].en}: ${report.counts[c]}`),
  ];
  return lines;
}


export async function runPurgeCli(
  argv: string[],
  print: (line: string) => void = console.log,
  env: NodeJS.ProcessEnv = process.env,
  now: Date = new Date(),
): Promise<number> {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        table: { type: 'string' },
        region: { type: 'string' },
        max: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      print(USAGE);
      return 0;
    }
    const maxDeletes = values.max === undefined ? undefined : Number(values.max);
    if (maxDeletes !== undefined && !(Number.isInteger(maxDeletes) && maxDeletes > 0)) {
      print(USAGE);
      return 2;
    }
    const target = resolveTable(values, env);
    useTable(target);
    print(`table: ${target.description}`);
    const report = await runPurge({ now, trigger: 'command', maxDeletes });
    for (const line of reportLines(report)) print(line);
    return 0;
  } catch (error) {
    if (error instanceof PurgeBusyError) {
      print('Une autre purge est en cours\u00a0: rien n’a été supprimé. / Another purge is running: nothing was deleted.');
      return 1;
    }
    print(`error: ${describeCliError(error)}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runPurgeCli(process.argv.slice(2)).then((code) => process.exit(code));
}
