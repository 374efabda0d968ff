import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import { RouterLink } from '../../../components/router-link/router-link';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { annualUpdateApi } from '../../../lib/api/annual-update-client';

/** The way to the review queue, with how many parents' answers wait (docs/annual-update.md, "Review before publishing"). */
export function ReviewLink({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const { apiBaseUrl } = useRuntimeConfig();
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    let cancelled = false;
    annualUpdateApi
      .reviews(apiBaseUrl, campaignId)
      .then(({ items }) => !cancelled && setCount(items.length))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [apiBaseUrl, campaignId]);
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
