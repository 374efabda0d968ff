import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Flashbar from '@cloudscape-design/components/flashbar';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { CampaignView, ParticipantView } from '../../../../../shared/annual-update-api';
import type { Language } from '../../../../../shared/schemas/common';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { ensureLocale } from '../../../i18n/i18n';
import { annualUpdateApi } from '../../../lib/api/annual-update-client';
import { useErrorText } from '../../../lib/api/use-error-text';
import { saveFile } from '../../../lib/save-file';
import { useLanguage } from '../../../lib/use-language';

type Status = { kind: 'idle' } | { kind: 'working' } | { kind: 'saved'; file: string; count: number } | { kind: 'error'; message: string };

/**
 * Paper letters for the parents without an email (docs/annual-update.md, "Paper letters"): the server issues new
 * short codes (audited), the browser lays out the PDF (lib/letters-pdf, a lazy chunk) in each parent's language.
 */
export function PaperLetters({ campaign, participants }: { campaign: CampaignView; participants: ParticipantView[] }) {
  const { t, i18n } = useTranslation();
  const uiLanguage = useLanguage();
  const { apiBaseUrl } = useRuntimeConfig();
  const errorText = useErrorText('annualUpdate.letters.failed');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const count = participants.filter((p) => p.unreachable && !p.email && p.lastName !== undefined).length;
  const active = campaign.status === 'active';

  const download = async () => {
    setStatus({ kind: 'working' });
    try {
      const [{ createLettersPdf }, data] = await Promise.all([
        import('../../../lib/letters-pdf/generate-letters'),
        annualUpdateApi.letters(apiBaseUrl, campaign.id),
      ]);
      // Each letter is in its parent's language: both languages' strings must be loaded (frontend/src/i18n/i18n.ts).
      await Promise.all((['fr', 'en'] as Language[]).map((lang) => ensureLocale(i18n, lang)));
      const blob = await createLettersPdf(data, (lang) => i18n.getFixedT(lang), uiLanguage);
      const file = `${t('annualUpdate.letters.fileName')}-${data.campaign.schoolYear}.pdf`;
      saveFile(file, blob, 'application/pdf');
      setStatus({ kind: 'saved', file, count: data.letters.length });
    } catch (error) {
      setStatus({ kind: 'error', message: errorText(error) });
    }
  };

  return (
    <Container header={<Header variant="h2" description={t('annualUpdate.letters.description')}>{t('annualUpdate.letters.title')}</Header>}>
      <SpaceBetween size="s">
        {status.kind === 'saved' && (
          <Flashbar
            items={[
              {
                id: 'letters-saved',
                type: 'success',
                content: t('annualUpdate.letters.saved', { count: status.count, file: status.file }),
                dismissible: true,
                dismissLabel: t('common.dismiss'),
                onDismiss: () => setStatus({ kind: 'idle' }),
                ariaRole: 'status',
              },
            ]}
          />
        )}
        {status.kind === 'error' && <Alert type="error">{status.message}</Alert>}
        {count === 0 ? (
          <Box>{t('annualUpdate.letters.none')}</Box>
        ) : (
          <>
            <Box variant="small">{t('annualUpdate.letters.rotateNote')}</Box>
            <Box>
              <Button
                iconName="download"
                disabled={!active}
                loading={status.kind === 'working'}
                loadingText={t('annualUpdate.letters.downloading')}
                onClick={() => void download()}
              >
                {t('annualUpdate.letters.download', { count })}
              </Button>
            </Box>
          </>
        )}
      </SpaceBetween>
    </Container>
  );
}
