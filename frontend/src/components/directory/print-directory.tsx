import { useEffect, useMemo, useState } from 'react';
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
import type { PaperSize } from '@shared/contracts/directory-print-api';
import type { Language } from '@shared/schemas/common';
import { useRuntimeConfig } from '../../config/runtime-config-context';
import { useModalDismiss } from '../confirm-dialog/modal-dismiss';
import { ensureLocale } from '../../i18n/i18n';
import { useMe } from '../../lib/api/me-queries';
import { useErrorText } from '../../lib/api/use-error-text';
import { viewerClassId } from '../../lib/directory-pdf/print-scope';
import type { DirectoryIndex } from '../../lib/directory/directory-index';
import { saveFile } from '../../lib/save-file';
import { useLanguage } from '../../lib/use-language';

type Scope = 'school' | 'class';

/**
 * The class of the viewer's children (print-scope.ts), from GET /api/me (the answer the page's other parts share,
 * useMe) when the print button shows without a class of its own (dashboard, Classes). Undefined while unknown, for
 * staff, or when GET /api/me fails: the form then starts on the whole school.
 */
function useViewerClass(index: DirectoryIndex, wanted: boolean): string | undefined {
  const { data: me } = useMe({ enabled: wanted });
  return useMemo(
    () => (me ? viewerClassId(index.directory, new Set(me.userType === 'parent' ? me.personIds : [])) : undefined),
    [index, me],
  );
}
type Status = { kind: 'idle' } | { kind: 'working' } | { kind: 'error'; message: string };

/**
 * "Print the directory (PDF)" (docs/decisions/printable-directory-a-pdf-built-in-the-browser.md, "Printable directory: a PDF built in the browser"): a small
 * form for the scope (preset to the page's class, else to the class of the viewer's children), the document's
 * language and the paper, then the audit call and the PDF, built in the browser from the directory copy this
 * viewer received. The PDF code is a chunk of its own, loaded on click.
 */
export function PrintDirectory({ index, classId }: { index: DirectoryIndex; classId?: string }) {
  const { t, i18n } = useTranslation();
  const uiLanguage = useLanguage();
  const { apiBaseUrl } = useRuntimeConfig();
  const errorText = useErrorText('directory.pdf.errorGeneric');
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<Choice>({ scope: classId ? 'class' : 'school', selectedClass: classId, lang: uiLanguage, paper: 'letter' });
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [classMissing, setClassMissing] = useState(false);
  const [saved, setSaved] = useState<string | undefined>();
  const { classes } = index.directory;
  const working = status.kind === 'working';
  const [touched, setTouched] = useState(false);
  const viewerClass = useViewerClass(index, !classId);
  const dismiss = useModalDismiss(open, () => !working && setOpen(false));
  // GET /api/me answered after the form opened: preselect the class unless the person already chose.
  useEffect(() => {
    if (open && viewerClass && !touched) setChoice((current) => (current.selectedClass ? current : { ...current, scope: 'class', selectedClass: viewerClass }));
  }, [open, viewerClass, touched]);

  const show = () => {
    // Each opening starts from the page's class, else the class of the viewer's children, else the whole school.
    const preset = classId ?? viewerClass;
    setChoice((current) => ({ ...current, lang: uiLanguage, scope: preset ? 'class' : 'school', selectedClass: preset }));
    setStatus({ kind: 'idle' });
    [setClassMissing, setTouched].forEach((set) => set(false));
    setOpen(true);
    // The PDF chunk and the fonts load while the person chooses (docs/benchmarks.md, "Admin waits"); a failure
    // here is met again, and said, on the click.
    import('../../lib/directory-pdf/generate-pdf').then((pdf) => pdf.preparePrint(), () => undefined);
  };

  const create = async () => {
    const { scope, selectedClass, lang, paper } = choice;
    if (scope === 'class' && !selectedClass) {
      setClassMissing(true);
      return;
    }
    setStatus({ kind: 'working' });
    try {
      // A PDF in the other language needs that language's strings, loaded on demand (frontend/src/i18n/i18n.ts).
      const [{ printDirectory }] = await Promise.all([import('../../lib/directory-pdf/generate-pdf'), ensureLocale(i18n, lang)]);
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

  return (
    <SpaceBetween size="s">
      <Button iconName="file" onClick={show}>
        {t('directory.pdf.button')}
      </Button>
      {saved && <SavedFlash file={saved} onDismiss={() => setSaved(undefined)} />}
      <Modal
        visible={open}
        onDismiss={dismiss}
        header={t('directory.pdf.title')}
        closeAriaLabel={t('directory.pdf.cancel')}
        footer={<FormActions working={working} onCancel={() => setOpen(false)} onCreate={() => void create()} />}
      >
        <PrintFields
          classes={classes}
          choice={choice}
          onChange={(next) => {
            setTouched(true);
            setChoice((current) => ({ ...current, ...next }));
            if (next.selectedClass) setClassMissing(false);
          }}
          classMissing={classMissing}
          error={status.kind === 'error' ? status.message : undefined}
        />
      </Modal>
    </SpaceBetween>
  );
}

interface Choice {
  scope: Scope;
  selectedClass?: string;
  lang: Language;
  paper: PaperSize;
}

/** The print form's fields: scope (and class), the document's language, the paper; the error of the last try. */
function PrintFields({ classes, choice, onChange, classMissing, error }: {
  classes: readonly { id: string; name: string }[];
  choice: Choice;
  onChange: (next: Partial<Choice>) => void;
  classMissing: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  const classOptions = classes.map((c) => ({ value: c.id, label: c.name }));
  return (
    <SpaceBetween size="m">
      <Box variant="p">{t('directory.pdf.intro')}</Box>
      <FormField label={t('directory.pdf.scope')}>
        <RadioGroup
          value={choice.scope}
          onChange={({ detail }) => onChange({ scope: detail.value as Scope })}
          items={[
            { value: 'school', label: t('directory.pdf.scopeSchool'), description: t('directory.pdf.scopeSchoolDescription') },
            { value: 'class', label: t('directory.pdf.scopeClass'), description: t('directory.pdf.scopeClassDescription'), disabled: classes.length === 0 },
          ]}
        />
      </FormField>
      {choice.scope === 'class' && (
        <FormField label={t('directory.pdf.class')} errorText={classMissing ? t('directory.pdf.classRequired') : undefined}>
          <Select
            selectedOption={classOptions.find((o) => o.value === choice.selectedClass) ?? null}
            onChange={({ detail }) => onChange({ selectedClass: detail.selectedOption.value })}
            options={classOptions}
            placeholder={t('directory.pdf.classPlaceholder')}
            filteringType={classOptions.length > 10 ? 'auto' : 'none'}
          />
        </FormField>
      )}
      <FormField label={t('directory.pdf.language')}>
        <RadioGroup
          value={choice.lang}
          onChange={({ detail }) => onChange({ lang: detail.value as Language })}
          items={[
            { value: 'fr', label: t('directory.pdf.languages.fr') },
            { value: 'en', label: t('directory.pdf.languages.en') },
          ]}
        />
      </FormField>
      <FormField label={t('directory.pdf.paper')}>
        <RadioGroup
          value={choice.paper}
          onChange={({ detail }) => onChange({ paper: detail.value as PaperSize })}
          items={[
            { value: 'letter', label: t('directory.pdf.letter') },
            { value: 'a4', label: t('directory.pdf.a4') },
          ]}
        />
      </FormField>
      {error && (
        <Alert type="error" header={t('directory.pdf.error')}>
          {error}
        </Alert>
      )}
    </SpaceBetween>
  );
}

/** The form's buttons: cancel, and create (busy while the PDF is made). */
function FormActions({ working, onCancel, onCreate }: { working: boolean; onCancel: () => void; onCreate: () => void }) {
  const { t } = useTranslation();
  return (
    <Box float="right">
      <SpaceBetween direction="horizontal" size="xs">
        <Button variant="link" disabled={working} onClick={onCancel}>
          {t('directory.pdf.cancel')}
        </Button>
        <Button variant="primary" loading={working} loadingText={t('directory.pdf.creating')} onClick={onCreate}>
          {t('directory.pdf.create')}
        </Button>
      </SpaceBetween>
    </Box>
  );
}

/** Success, below the button: the file's name, as the browser saved it. */
function SavedFlash({ file, onDismiss }: { file: string; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <Flashbar
      items={[
        {
          id: 'pdf-saved',
          type: 'success',
          content: t('directory.pdf.success', { file }),
          dismissible: true,
          dismissLabel: t('common.dismiss'),
          onDismiss,
          ariaRole: 'status',
        },
      ]}
    />
  );
}
