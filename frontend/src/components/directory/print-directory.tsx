import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Flashbar from '@cloudscape-design/components/flashbar';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { PaperSize } from '../../../../shared/directory-print-api';
import type { Language } from '../../../../shared/schemas/common';
import { useRuntimeConfig } from '../../config/runtime-config-context';
import { useErrorText } from '../../lib/api/use-error-text';
import type { DirectoryIndex } from '../../lib/directory/directory-index';
import { saveFile } from '../../lib/save-file';
import { useLanguage } from '../../lib/use-language';

type Scope = 'school' | 'class';
type Status = { kind: 'idle' } | { kind: 'working' } | { kind: 'error'; message: string };

/**
 * "Print the directory (PDF)" (docs/decisions.md, "Printable directory: a PDF built in the browser"): a small
 * form for the scope, the document's language and the paper, then the audit call and the PDF, built in the
 * browser from the directory copy this viewer received. The PDF code is a chunk of its own, loaded on click.
 */
export function PrintDirectory({ index, classId }: { index: DirectoryIndex; classId?: string }) {
  const { t, i18n } = useTranslation();
  const uiLanguage = useLanguage();
  const { apiBaseUrl } = useRuntimeConfig();
  const errorText = useErrorText('directory.pdf.errorGeneric');
  const [open, setOpen] = useState(false);
  const [scope, setScope] = useState<Scope>(classId ? 'class' : 'school');
  const [selectedClass, setSelectedClass] = useState<string | undefined>(classId);
  const [lang, setLang] = useState<Language>(uiLanguage);
  const [paper, setPaper] = useState<PaperSize>('letter');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [classMissing, setClassMissing] = useState(false);
  const [saved, setSaved] = useState<string | undefined>();
  const { classes } = index.directory;
  const working = status.kind === 'working';

  const show = () => {
    setLang(uiLanguage);
    setStatus({ kind: 'idle' });
    setClassMissing(false);
    setOpen(true);
  };

  const create = async () => {
    if (scope === 'class' && !selectedClass) {
      setClassMissing(true);
      return;
    }
    setStatus({ kind: 'working' });
    try {
      const { printDirectory } = await import('../../lib/directory-pdf/generate-pdf');
      const request = { scope: scope === 'class' ? { kind: 'class' as const, classId: selectedClass! } : { kind: 'school' as const }, paper, lang };
      const { blob, fileName } = await printDirectory(apiBaseUrl, index, request, i18n.getFixedT(lang));
      saveFile(fileName, blob, 'application/pdf');
      setStatus({ kind: 'idle' });
      setOpen(false);
      setSaved(fileName);
    } catch (error) {
      setStatus({ kind: 'error', message: errorText(error) });
    }
  };

  const classOptions = classes.map((c) => ({ value: c.id, label: c.name }));
  return (
    <SpaceBetween size="s">
      <Button iconName="file" onClick={show}>
        {t('directory.pdf.button')}
      </Button>
      {saved && (
        <Flashbar
          items={[
            {
              id: 'pdf-saved',
              type: 'success',
              content: t('directory.pdf.success', { file: saved }),
              dismissible: true,
              dismissLabel: t('common.dismiss'),
              onDismiss: () => setSaved(undefined),
              ariaRole: 'status',
            },
          ]}
        />
      )}
      <Modal
        visible={open}
        onDismiss={() => !working && setOpen(false)}
        header={t('directory.pdf.title')}
        closeAriaLabel={t('directory.pdf.cancel')}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" disabled={working} onClick={() => setOpen(false)}>
                {t('directory.pdf.cancel')}
              </Button>
              <Button variant="primary" loading={working} loadingText={t('directory.pdf.creating')} onClick={() => void create()}>
                {t('directory.pdf.create')}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <SpaceBetween size="m">
          <Box variant="p">{t('directory.pdf.intro')}</Box>
          <FormField label={t('directory.pdf.scope')}>
            <RadioGroup
              value={scope}
              onChange={({ detail }) => setScope(detail.value as Scope)}
              items={[
                { value: 'school', label: t('directory.pdf.scopeSchool'), description: t('directory.pdf.scopeSchoolDescription') },
                { value: 'class', label: t('directory.pdf.scopeClass'), description: t('directory.pdf.scopeClassDescription'), disabled: classes.length === 0 },
              ]}
            />
          </FormField>
          {scope === 'class' && (
            <FormField label={t('directory.pdf.class')} errorText={classMissing ? t('directory.pdf.classRequired') : undefined}>
              <Select
                selectedOption={classOptions.find((o) => o.value === selectedClass) ?? null}
                onChange={({ detail }) => {
                  setSelectedClass(detail.selectedOption.value);
                  setClassMissing(false);
                }}
                options={classOptions}
                placeholder={t('directory.pdf.classPlaceholder')}
                filteringType={classOptions.length > 10 ? 'auto' : 'none'}
              />
            </FormField>
          )}
          <FormField label={t('directory.pdf.language')}>
            <RadioGroup
              value={lang}
              onChange={({ detail }) => setLang(detail.value as Language)}
              items={[
                { value: 'fr', label: t('directory.pdf.languages.fr') },
                { value: 'en', label: t('directory.pdf.languages.en') },
              ]}
            />
          </FormField>
          <FormField label={t('directory.pdf.paper')}>
            <RadioGroup
              value={paper}
              onChange={({ detail }) => setPaper(detail.value as PaperSize)}
              items={[
                { value: 'letter', label: t('directory.pdf.letter') },
                { value: 'a4', label: t('directory.pdf.a4') },
              ]}
            />
          </FormField>
          {status.kind === 'error' && (
            <Alert type="error" header={t('directory.pdf.error')}>
              {status.message}
            </Alert>
          )}
        </SpaceBetween>
      </Modal>
    </SpaceBetween>
  );
}
