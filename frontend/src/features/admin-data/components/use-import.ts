import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportReport } from '@shared/contracts/import-api';
import { ImportReportSchema } from '@shared/contracts/import-api';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { ApiError } from '../../../lib/api/api-client';
import { adminDataApi } from '../api/admin-data-client';
import { applyPercent, readImportFiles } from '../model/import-model';
import { useErrorText } from './use-admin-data';

export type ImportStep = 'idle' | 'checking' | 'applying';

/**
 * The import's state: the chosen files, the dry run's report, then the apply, chunk by chunk until the server
 * says it is complete, with its progress in percent.
 */
export function useImport(notify: (message: string) => void) {
  const { t } = useTranslation();
  const { apiBaseUrl } = useRuntimeConfig();
  const errorText = useErrorText();
  const [files, setFiles] = useState<File[]>([]);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [step, setStep] = useState<ImportStep>('idle');
  const [percent, setPercent] = useState(0);
  const [failure, setFailure] = useState<{ message: string; conflict: boolean } | null>(null);

  const choose = (chosen: File[]) => {
    setFiles(chosen);
    setReport(null);
    setFailure(null);
  };

  const check = async () => {
    setStep('checking');
    setFailure(null);
    setReport(null);
    try {
      setReport(await adminDataApi.dryRun(apiBaseUrl, await readImportFiles(files)));
    } catch (error) {
      setFailure({ message: errorText(error), conflict: false });
    } finally {
      setStep('idle');
    }
  };

  const apply = async () => {
    if (!report) return;
    const planned = report.writes;
    setStep('applying');
    setPercent(0);
    setFailure(null);
    try {
      const body = await readImportFiles(files);
      for (;;) {
        const answer = await adminDataApi.apply(apiBaseUrl, body);
        setPercent(applyPercent(planned, answer.progress.remaining));
        if (answer.progress.complete) break;
      }
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
    } finally {
      setStep('idle');
    }
  };

  return { files, report, step, percent, failure, choose, check, apply };
}
