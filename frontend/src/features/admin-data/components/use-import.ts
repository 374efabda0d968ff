import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportReport } from '@shared/contracts/import-api';
import { ImportReportSchema } from '@shared/contracts/import-api';
import { ApiError } from '../../../lib/api/api-client';
import { useImportApply, useImportDryRun } from '../api/admin-data-queries';
import { applyPercent, readImportFiles } from '../model/import-model';
import { useErrorText } from './use-admin-data';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';

export type ImportStep = 'idle' | 'checking' | 'applying';

/**
 * The import's state: the chosen files, the dry run's report, then the apply, chunk by chunk until the server
 * says it is complete, with its progress in percent.
 */
export function useImport(notify: (message: string) => void) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [files, setFiles] = useState<File[]>([]);
  const [report, setReport] = useState<ImportReport | null>(null);
  // The files of the last check read as Windows-1252 (not UTF-8): the panel asks that their accents be checked.
  const [windows1252, setWindows1252] = useState<string[]>([]);
  const [percent, setPercent] = useState(0);
  const dryRun = useImportDryRun();
  const applyChunks = useImportApply((remaining) => setPercent(applyPercent(report?.writes ?? 0, remaining)));
  const step: ImportStep = dryRun.isPending ? 'checking' : applyChunks.isPending ? 'applying' : 'idle';
  const [failure, setFailure] = useState<{ message: string; conflict: boolean } | null>(null);
  // A double click on « Vérifier » or « Appliquer » runs it once.
  const once = useOneAtATime();

  const choose = (chosen: File[]) => {
    setFiles(chosen);
    setReport(null);
    setFailure(null);
  };

  const check = () => once(async () => {
    setFailure(null);
    setReport(null);
    const legacy: string[] = [];
    try {
      setReport(await dryRun.mutateAsync(() => readImportFiles(files, (name) => legacy.push(name))));
      setWindows1252(legacy);
    } catch (error) {
      setFailure({ message: errorText(error), conflict: false });
    }
  });

  const apply = () => once(async () => {
    if (!report) return;
    setPercent(0);
    setFailure(null);
    try {
      await applyChunks.mutateAsync(() => readImportFiles(files));
      const created = Object.values(report.counts).reduce((sum, c) => sum + c.create, 0);
      const updated = Object.values(report.counts).reduce((sum, c) => sum + c.update, 0);
      setReport(null);
      notify(t('adminData.import.done', { created, updated }));
    } catch (error) {
      // A file that changed meanwhile may now have errors: the server sends the new report.
      const refused = error instanceof ApiError ? ImportReportSchema.safeParse((error.body as { report?: unknown })?.report) : undefined;
      if (refused?.success) setReport(refused.data);
      const conflict = error instanceof ApiError && error.code === 'CONFLICT';
      setFailure({ message: conflict ? t('adminData.import.conflict') : errorText(error), conflict });
    }
  });

  return { files, report, windows1252: report ? windows1252 : [], step, percent, failure, choose, check, apply };
}
