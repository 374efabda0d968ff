import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Flashbar from '@cloudscape-design/components/flashbar';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { MeParentProfile } from '../../../../../shared/auth-api';
import { PageFrame } from '../../../components/page/page-frame';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { MyActivity } from '../components/my-activity';
import { ConsentLog } from '../../../components/privacy/consent-log';
import { loadMyConsentLog } from '../api/consent-client';
import { MyDataDownload } from '../components/my-data-download';
import { OfflineCopySetting } from '../components/offline-copy-setting';
import { ParentProfileView } from '../components/parent-profile-view';
import { ProfileEditor } from '../components/profile-editor';
import { ProfilePrivacyRequest } from '../components/profile-privacy-request';
import { useMyProfile } from '../hooks/use-my-profile';

/**
 * 'Profile Not Found' (docs/annual-update.md, "My Profile"), telling the person to contact the school's
 * administrator.
 */
function ProfileNotFound() {
  const { t } = useTranslation();
  const { contactEmail } = useRuntimeConfig();
  return (
    <Alert type="info" header={t('directory.profile.notFoundTitle')}>
      {t('directory.profile.notFoundBody')}{' '}
      {contactEmail && (
        <Link href={`mailto:${contactEmail}`}>{t('directory.profile.contactAdmin', { email: contactEmail })}</Link>
      )}
    </Alert>
  );
}

/** The profile could not be read: the server's reason (or a network one) and a retry. */
function ProfileLoadError({ code, retry }: { code?: string; retry: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Alert
      type="error"
      header={t('directory.profile.loadError')}
      action={<Button onClick={retry}>{t('directory.retry')}</Button>}
    >
      {code && i18n.exists(`errors.${code}`)
        ? t(`errors.${code}`)
        : t('directory.errorDetail.network')}
    </Alert>
  );
}

/**
 * After a save: published (the directory shows it), or held, in part, for the review of a campaign that reviews
 * answers (docs/annual-update.md, "Review before publishing"): the message must not then say the directory shows it.
 */
type Saved = 'published' | 'held' | null;

/** The person's parent records, each with its edit button, and the message after a save. */
function ParentProfiles({ profiles, saved, setSaved, setEditing }: {
  profiles: MeParentProfile[];
  saved: Saved;
  setSaved: (saved: Saved) => void;
  setEditing: (parentId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <SpaceBetween size="xxl">
      {saved && (
        <Flashbar
          items={[
            {
              id: 'saved',
              type: 'success',
              content: t(saved === 'held' ? 'profileEdit.savedForReview' : 'profileEdit.saved'),
              dismissible: true,
              dismissLabel: t('common.dismiss'),
              onDismiss: () => setSaved(null),
            },
          ]}
        />
      )}
      {profiles.map((profile) => (
        <ParentProfileView
          key={profile.id}
          profile={profile}
          onEdit={(parentId) => {
            setSaved(null);
            setEditing(parentId);
          }}
        />
      ))}
      {profiles[0] && <ProfilePrivacyRequest parentId={profiles[0].id} />}
    </SpaceBetween>
  );
}

/** The parent's own consent log. */
function MyConsentLog() {
  const { t } = useTranslation();
  const { apiBaseUrl } = useRuntimeConfig();
  const load = useCallback(() => loadMyConsentLog(apiBaseUrl), [apiBaseUrl]);
  return <ConsentLog load={load} description={t('consentLog.description')} />;
}

function ProfileContent() {
  const { t } = useTranslation();
  const { state, retry } = useMyProfile();
  // The parent whose form is open, if any; the view comes back (re-read) after a save. Both stay here, above the
  // loading state a save's re-read goes through, so the saved message survives it.
  const [editing, setEditing] = useState<string | null>(null);
  const [saved, setSaved] = useState<Saved>(null);
  switch (state.status) {
    case 'loading':
      return (
        <Box padding={{ vertical: 'l' }} textAlign="center">
          <StatusIndicator type="loading">{t('directory.profile.loading')}</StatusIndicator>
        </Box>
      );
    case 'notRegistered':
      return <ProfileNotFound />;
    case 'error':
      return <ProfileLoadError code={state.code} retry={retry} />;
    case 'loaded': {
      const { me } = state;
      if (me.userType === 'staff') {
        return (
          <Alert type="info" header={t('directory.profile.staffTitle')}>
            {t('directory.profile.staffBody')}
          </Alert>
        );
      }
      const profiles = me.parents ?? [];
      if (profiles.length === 0) return <ProfileNotFound />;
      if (editing) {
        return (
          <ProfileEditor
            initialParentId={editing}
            notFound={<ProfileNotFound />}
            onCancel={() => setEditing(null)}
            onSaved={(result) => {
              window.scrollTo({ top: 0 });
              setEditing(null);
              setSaved(result.form.pendingReview ? 'held' : 'published');
              retry();
            }}
          />
        );
      }
      return (
        <SpaceBetween size="xxl">
          <ParentProfiles profiles={profiles} saved={saved} setSaved={setSaved} setEditing={setEditing} />
          <MyActivity />
          <MyConsentLog />
          <MyDataDownload profiles={profiles} />
        </SpaceBetween>
      );
    }
  }
}

export function ProfilePage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.profile.title')} description={t('pages.profile.description')}>
      <SpaceBetween size="xxl">
        <ProfileContent />
        {/* For every signed-in member, staff included: it is about this device, not the parent record. */}
        <OfflineCopySetting />
      </SpaceBetween>
    </PageFrame>
  );
}
