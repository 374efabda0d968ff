import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Box from '@cloudscape-design/components/box';
import type { ReviewedField, ReviewValue } from '@shared/rules/annual-update-review';
import type { ParentFormFields } from '@shared/rules/parent-form';
import { formatLongDateTime } from '../../../lib/date-time';
import { reviewFieldKey, reviewValueText } from '../../../lib/review-values';
import { useLanguage } from '../../../lib/use-language';
import { useProfileForm } from '../api/profile-queries';

/** The value sent for a reviewed field: the form shows the held answer's values (parent-form-service.ts). */
const sentValue = (parent: ParentFormFields, field: ReviewedField): ReviewValue | undefined => parent[field];

/**
 * An answer held for the school's review (docs/annual-update.md, "Review before publishing"): My Profile shows the
 * published record, so it says, above it, which fields wait and the values sent, until an administrator accepts or
 * refuses them. Read from GET /api/profile/form, which returns the held answer (`pendingReview`, the values sent
 * in `parent`); nothing when no answer waits.
 */
export function PendingReview({ parentId }: { parentId: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const form = useProfileForm(parentId).data;
  const pending = form?.pendingReview;
  if (!form || !pending) return null;
  return (
    <Alert type="info" header={t('directory.profile.pendingTitle')}>
      <SpaceBetween size="s">
        <Box variant="p">{t('directory.profile.pendingBody', { date: formatLongDateTime(pending.submittedAt, lang) })}</Box>
        <KeyValuePairs
          columns={2}
          items={pending.fields.map((field) => ({
            label: t(reviewFieldKey(field)),
            value: reviewValueText(field, sentValue(form.parent, field), lang) || t('directory.profile.pendingCleared'),
          }))}
        />
      </SpaceBetween>
    </Alert>
  );
}
