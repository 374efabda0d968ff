import { useTranslation } from 'react-i18next';
import Container from '@cloudscape-design/components/container';
import type { SendJobProgress } from '@shared/contracts/annual-update-api';
import { StepProgress } from '../../../components/progress/step-progress';
import { percentOf } from '../../../components/progress/use-progress-text';

/**
 * A send from the click on (docs/annual-update.md, "Long actions"): step 1 while the server lists the recipients,
 * step 2 with the bar of the emails handled out of the total.
 */
export function SendProgress({ job }: { job: SendJobProgress | null }) {
  const { t } = useTranslation();
  const steps = [t('annualUpdateAdmin.send.stepPrepare'), t('annualUpdateAdmin.send.stepSend')];
  return (
    <Container>
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
