import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import type { SendJobProgress } from '@shared/contracts/annual-update-api';
import { StepProgress } from '../../../components/progress/step-progress';
import { percentOf } from '../../../components/progress/use-progress-text';

/**
 * A send from the click on (docs/annual-update.md, "Long actions"): step 1 while the server lists the recipients,
 * step 2 with the bar of the emails handled out of the total. The page drives the sending: this says to keep it open
 * (a trial's volunteer went to another page at 188 of 404 and the sending stopped, without a word, until they came
 * back), and the page asks before it is left (SendingLeaveQuestion).
 */
export function SendProgress({ job }: { job: SendJobProgress | null }) {
  const { t } = useTranslation();
  const steps = [t('annualUpdateAdmin.send.stepPrepare'), t('annualUpdateAdmin.send.stepSend')];
  return (
    <Container footer={<Box color="text-body-secondary">{t('annualUpdateAdmin.send.keepOpen')}</Box>}>
      {job ? (
        <StepProgress
          label={t('annualUpdateAdmin.send.progress')}
          steps={steps}
          current={1}
          value={percentOf(job.total - job.pending - job.retrying - job.sending, job.total)}
          info={t('annualUpdateAdmin.send.progressInfo', { sent: job.sent, failed: job.failed, skipped: job.skipped, total: job.total })}
        />
      ) : (
        <StepProgress label={t('annualUpdateAdmin.send.progress')} steps={steps} current={0} />
      )}
    </Container>
  );
}
