import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import { RouterLink } from '../../../components/router-link/router-link';
import { useCampaignReview } from '../../../lib/api/admin-summary-queries';

/**
 * The way to the review queue, with how many parents' answers wait (docs/annual-update.md, "Review before publishing").
 * The count is the review page's query: a decision there makes it stale.
 */
export function ReviewLink({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const count = useCampaignReview(campaignId).data?.items.length ?? null;
  return (
    <Container>
      <Box>
        <RouterLink href="/admin/annual-update/review">
          {count === null ? t('annualUpdateAdmin.review.linkNoCount') : t('annualUpdateAdmin.review.link', { count })}
        </RouterLink>
      </Box>
    </Container>
  );
}
