import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Flashbar from '@cloudscape-design/components/flashbar';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { CampaignView, ParticipantView } from '@shared/contracts/annual-update-api';
import type { LettersRequest, LettersResponse } from '@shared/contracts/annual-update-letters-api';
import { schoolTime } from '@shared/rules/school-calendar';
import type { Language } from '@shared/schemas/common';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { useLetterCodes } from '../api/annual-update-queries';
import { ensureLocale } from '../../../i18n/i18n';
import { useErrorText } from '../../../lib/api/use-error-text';
import { LettersProgress, type LettersStep } from './letters-progress';
import { formatDate } from '../../../lib/date-time';
import { saveFile } from '../../../lib/save-file';
import { useLanguage } from '../../../lib/use-language';

type Status =
  | { kind: 'idle' }
  | { kind: 'working'; step: LettersStep }
  /** `replaced`: the letters printed before that this download's codes replaced (none on the first printout). */
  | { kind: 'saved'; file: string; count: number; replaced: number }
  | { kind: 'error'; message: string };
type Asking = { kind: 'chosen'; ids: string[] } | { kind: 'all' } | null;

const KEY = 'annualUpdate.letters';
const nameOf = (p: ParticipantView) => `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim();
/** The section's id, which the campaign card's « Sans courriel » link leads to. */
export const PAPER_LETTERS_ID = 'paper-letters';
/** The parents who get a paper letter: no email to reach them. */
export const letterRecipients = (participants: readonly ParticipantView[]) =>
  participants.filter((p) => p.unreachable && !p.email && p.lastName !== undefined);

/**
 * Paper letters for the parents without an email (docs/annual-update.md, "Paper letters"): the server issues new
 * short codes (audited), the browser lays out the PDF (lib/letters-pdf, a lazy chunk) in each parent's language. A
 * reprint replaces only the codes of the letters it prints: the first printout, the letters still missing, or the
 * families chosen (a lost letter) leave every other letter working; reissuing them all asks first, with the count of
 * printed letters that will stop working, and the reader's confirmation word.
 */
export function PaperLetters({ campaign, participants }: {
  campaign: CampaignView;
  participants: ParticipantView[];
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<Asking>(null);
  const [chosen, setChosen] = useState<readonly Option[]>([]);
  const { status, setStatus, download } = useLettersDownload(campaign);
  const recipients = letterRecipients(participants);
  usePrefetchLetters(recipients.length > 0);
  const printed = recipients.filter((p) => p.letterPrintedAt);
  const missing = recipients.filter((p) => !p.letterPrintedAt);
  const working = status.kind === 'working';
  const print = (request: LettersRequest) => {
    setAsking(null);
    setChosen([]);
    void download(request, lettersRun(request, printed));
  };
  const chosenIds = chosen.map((o) => o.value!);
  const names = recipients.filter((p) => chosenIds.includes(p.parentId)).map(nameOf).join(', ');

  return (
    <Container header={<Header variant="h2" description={t(`${KEY}.description`)}>{t(`${KEY}.title`)}</Header>}>
      <SpaceBetween size="m">
        <LettersOutcome status={status} onDismiss={() => setStatus({ kind: 'idle' })} />
        {status.kind === 'working' && <LettersProgress step={status.step} />}
        {recipients.length === 0 && <Box>{t(`${KEY}.none`)}</Box>}
        {recipients.length > 0 && printed.length === 0 && (
          <Box>
            <Button iconName="download" loading={working} loadingText={t(`${KEY}.downloading`)} onClick={() => print({})}>
              {t(`${KEY}.download`, { count: recipients.length })}
            </Button>
          </Box>
        )}
        {printed.length > 0 && (
          <>
            <Box>{t(`${KEY}.printed`, { count: printed.length })}</Box>
            {missing.length > 0 && (
              <Box>
                <Button iconName="download" loading={working} onClick={() => print({ parentIds: missing.map((p) => p.parentId) })}>
                  {t(`${KEY}.missing`, { count: missing.length })}
                </Button>
              </Box>
            )}
            <ReprintChoice
              printed={printed}
              chosen={chosen}
              onChange={setChosen}
              disabled={working}
              onReprint={() => setAsking({ kind: 'chosen', ids: chosenIds })}
            />
            <Box>
              <Button disabled={working} onClick={() => setAsking({ kind: 'all' })}>{t(`${KEY}.reissueAll`, { count: recipients.length })}</Button>
            </Box>
          </>
        )}
      </SpaceBetween>
      <ConfirmDialog
        visible={asking?.kind === 'chosen'}
        title={t(`${KEY}.reprintTitle`, { count: chosen.length })}
        confirmLabel={t(`${KEY}.reprint`, { count: chosen.length })}
        onDismiss={() => setAsking(null)}
        onConfirm={() => void (asking?.kind === 'chosen' && print({ parentIds: asking.ids }))}
      >
        <Box variant="p">{t(`${KEY}.reprintBody`, { count: chosen.length, names })}</Box>
      </ConfirmDialog>
      <ConfirmDialog
        visible={asking?.kind === 'all'}
        typed
        title={t(`${KEY}.reissueTitle`)}
        confirmLabel={t(`${KEY}.reissueSubmit`)}
        onDismiss={() => setAsking(null)}
        onConfirm={() => print({})}
      >
        <Box variant="p">{t(`${KEY}.reissueBody`, { count: printed.length })}</Box>
        <Box variant="p">{t(`${KEY}.reissueInstead`)}</Box>
      </ConfirmDialog>
    </Container>
  );
}

/** Letters to print: their PDF chunk and fonts load now, not on the click (docs/benchmarks.md, "Admin waits"). */
function usePrefetchLetters(hasLetters: boolean) {
  useEffect(() => {
    if (hasLetters) import('../../../lib/letters-pdf/generate-letters').then((pdf) => pdf.prepareLetters(), () => undefined);
  }, [hasLetters]);
}

type Option = { value?: string; label?: string };

/**
 * A lost letter: the families chosen here get a new letter; every other family's letter keeps working. The button
 * appears once a family is chosen (« Réimprimer 1 lettre », « Réimprimer 2 lettres »): before, a line says none is.
 */
export function ReprintChoice({ printed, chosen, onChange, disabled, onReprint }: {
  printed: readonly ParticipantView[];
  chosen: readonly Option[];
  onChange: (options: readonly Option[]) => void;
  disabled: boolean;
  onReprint: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormField label={t(`${KEY}.chooseLabel`)} description={t(`${KEY}.chooseHint`)} stretch>
      <SpaceBetween size="xs">
        <Multiselect
          selectedOptions={chosen}
          onChange={({ detail }) => onChange(detail.selectedOptions)}
          options={printed.map((p) => ({ value: p.parentId, label: `${p.lastName}, ${p.firstName ?? ''}` }))}
          placeholder={t(`${KEY}.choosePlaceholder`)}
          filteringType="auto"
          tokenLimit={3}
        />
        {chosen.length === 0 ? (
          <Box color="text-body-secondary">{t(`${KEY}.noneChosen`)}</Box>
        ) : (
          <Button disabled={disabled} onClick={onReprint}>
            {t(`${KEY}.reprint`, { count: chosen.length })}
          </Button>
        )}
      </SpaceBetween>
    </FormField>
  );
}

/** The message after a download, or its error. */
export function LettersOutcome({ status, onDismiss }: { status: Status; onDismiss: () => void }) {
  const { t } = useTranslation();
  if (status.kind === 'error') return <Alert type="error">{status.message}</Alert>;
  if (status.kind !== 'saved') return null;
  return (
    <Flashbar
      items={[
        {
          id: 'letters-saved',
          type: 'success',
          content: [
            t(`${KEY}.saved`, { count: status.count, file: status.file }),
            ...(status.replaced > 0 ? [t(`${KEY}.replaced`, { count: status.replaced })] : []),
          ].join(' '),
          dismissible: true,
          dismissLabel: t('common.dismiss'),
          onDismiss,
          ariaRole: 'status',
        },
      ]}
    />
  );
}

/**
 * The codes from the server (a mutation: the participants are read again, they show who got a letter), then the PDF
 * in the browser, saved as one file.
 */
function useLettersDownload(campaign: CampaignView) {
  const { t, i18n } = useTranslation();
  const uiLanguage = useLanguage();
  const letterCodes = useLetterCodes();
  const errorText = useErrorText(`${KEY}.failed`);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const download = async (request: LettersRequest, { replaced, kind }: LettersRun) => {
    setStatus({ kind: 'working', step: 'codes' });
    try {
      const [{ createLettersPdf }, data] = await Promise.all([
        import('../../../lib/letters-pdf/generate-letters'),
        letterCodes.mutateAsync({ campaignId: campaign.id, request }),
      ]);
      setStatus({ kind: 'working', step: 'layout' });
      // Each letter is in its parent's language: both languages' strings must be loaded (frontend/src/i18n/i18n.ts).
      await Promise.all((['fr', 'en'] as Language[]).map((lang) => ensureLocale(i18n, lang)));
      const blob = await createLettersPdf(data, (lang) => i18n.getFixedT(lang), uiLanguage);
      const file = lettersFileName(t, data, kind);
      saveFile(file, blob, 'application/pdf');
      setStatus({ kind: 'saved', file, count: data.letters.length, replaced });
    } catch (error) {
      setStatus({ kind: 'error', message: errorText(error) });
    }
  };
  return { status, setStatus, download };
}

/** What a download is: the first printout, the letters still missing, or a reprint (it replaces letters printed before). */
export interface LettersRun {
  kind: 'first' | 'missing' | 'reprint';
  /** The letters printed before whose codes this download replaces. */
  replaced: number;
}

/** What printing `request` is, read from the letters printed before it (`printed`: those whose code still works). */
export function lettersRun(request: LettersRequest, printed: readonly ParticipantView[]): LettersRun {
  const ids = request.parentIds ? new Set(request.parentIds) : null;
  const replaced = printed.filter((p) => !ids || ids.has(p.parentId)).length;
  if (replaced > 0) return { kind: 'reprint', replaced };
  return { kind: !ids ? 'first' : 'missing', replaced: 0 };
}

/**
 * The PDF's name: the first printout `lettres-mise-a-jour-2026-2027.pdf`; a later one says what it is and when it was
 * made (`…-reimpression-2026-11-30-1405.pdf`, `…-manquantes-…`, on the school's clock), so a reprint never takes the
 * first printout's name (the browser's « (1) ») and the administrator can tell the files apart.
 */
export function lettersFileName(t: TFunction, data: Pick<LettersResponse, 'campaign' | 'generatedAt'>, kind: LettersRun['kind']): string {
  const base = `${t(`${KEY}.fileName`)}-${data.campaign.schoolYear}`;
  if (kind === 'first') return `${base}.pdf`;
  const { hour, minute } = schoolTime(new Date(data.generatedAt));
  const stamp = `${formatDate(data.generatedAt)}-${String(hour).padStart(2, '0')}${String(minute).padStart(2, '0')}`;
  return `${base}-${t(kind === 'reprint' ? `${KEY}.fileReprint` : `${KEY}.fileMissing`)}-${stamp}.pdf`;
}
