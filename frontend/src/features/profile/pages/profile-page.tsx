import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Flashbar from '@cloudscape-design/components/flashbar';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { MeParentProfile, MeResponse } from '@shared/contracts/auth-api';
import { FocusOnMount } from '../../../components/page/focus-on-mount';
import { focusMainHeadingIfLost } from '../../../components/layout/focus-heading';
import { PageFrame } from '../../../components/page/page-frame';
import { QueryState } from '../../../components/query-state/query-state';
import { ApiError } from '../../../lib/api/api-client';
import { useMe } from '../../../lib/api/me-queries';
import { MyActivity } from '../components/my-activity';
import { ConsentLog } from '../../../components/privacy/consent-log';
import { useMyConsentLog } from '../api/profile-queries';
import { MyDataDownload } from '../components/my-data-download';
import { OfflineCopySetting } from '../components/offline-copy-setting';
import { MessageConsentsSection } from '../../../components/messages/message-consents';
import { CarpoolChoice } from '../../../components/carpool/carpool-choice';
import { ParentProfileView } from '../components/parent-profile-view';
import { ProfileEditor } from '../components/profile-editor';
import { ProfilePrivacyRequest } from '../components/profile-privacy-request';
import { useSchoolContactEmail } from '../hooks/use-school-contact';

/**
 * An information with the school's contact address to write to: the one its settings give (the home page's school
 * card, the update link's help), else the app's configured contact.
 */
function ContactAlert({ header, body }: { header: string; body: string }) {
  const { t } = useTranslation();
  const contactEmail = useSchoolContactEmail();
  return (
    <Alert type="info" header={header}>
      {body}{' '}
      {contactEmail && (
        <Link href={`mailto:${contactEmail}`}>{t('directory.profile.contactAdmin', { email: contactEmail })}</Link>
      )}
    </Alert>
  );
}

/**
 * 'Profile Not Found' (docs/annual-update.md, "My Profile"), telling the person to contact the school's
 * administrator.
 */
function ProfileNotFound() {
  const { t } = useTranslation();
  return <ContactAlert header={t('directory.profile.notFoundTitle')} body={t('directory.profile.notFoundBody')} />;
}

/**
 * A staff member has no profile to edit ("staff profiles are unavailable"): their entry in the staff list
 * is the administrators' to correct, and the page says whom to write to.
 */
function StaffProfile() {
  const { t } = useTranslation();
  return <ContactAlert header={t('directory.profile.staffTitle')} body={t('directory.profile.staffBody')} />;
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
        // Said to a screen reader, and the focus on it: the form and its button are gone (a trial heard nothing).
        <FocusOnMount>
          <Flashbar
            items={[
              {
                id: 'saved',
                type: 'success',
                ariaRole: 'status',
                content: t(saved === 'held' ? 'profileEdit.savedForReview' : 'profileEdit.saved'),
                dismissible: true,
                dismissLabel: t('common.dismiss'),
                onDismiss: () => setSaved(null),
              },
            ]}
          />
        </FocusOnMount>
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
  const log = useMyConsentLog();
  return <ConsentLog log={log} description={t('consentLog.description')} />;
}

/** The address's query parameter naming the parent record whose form is open (`/profile?edit=<parentId>`). */
const EDIT_PARAM = 'edit';

/**
 * The form open on My Profile, kept in the history: opening it is a step of its own (`?edit=`), so the browser's
 * Back leaves the form first (asking, with changes typed) instead of leaving My Profile and losing them. Closing it
 * (Cancel, a save) goes back that step, or, when the page was opened on the form's address, replaces it.
 */
function useEditing() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const editing = params.get(EDIT_PARAM);
  const open = (parentId: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(EDIT_PARAM, parentId);
      return next;
    }, { state: { formOpened: true } });
  const close = () => {
    if ((location.state as { formOpened?: boolean } | null)?.formOpened) return void navigate(-1);
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete(EDIT_PARAM);
      return next;
    }, { replace: true });
  };
  return { editing, open, close };
}

/**
 * The person's records as the school holds them, or the form of the one being edited. The save's mutation reads
 * GET /api/me again before it resolves (features/profile/api/profile-queries.ts), so the view that comes back shows
 * what was saved.
 */
function ProfileFor({ me }: { me: MeResponse }) {
  // The parent whose form is open, if any (in the address), and the message after a save.
  const { editing, open, close } = useEditing();
  const [saved, setSaved] = useState<Saved>(null);
  if (me.userType === 'staff') return <StaffProfile />;
  const profiles = me.parents ?? [];
  if (profiles.length === 0) return <ProfileNotFound />;
  if (editing) {
    return (
      <ProfileEditor
        initialParentId={editing}
        notFound={<ProfileNotFound />}
        onCancel={() => {
          close();
          // The form and its buttons are gone: the page's heading, not the page itself, takes the focus (also once
          // the question that may have asked is gone: its dialog hands the focus back to a button no longer there).
          focusMainHeadingIfLost();
        }}
        onSaved={(result) => {
          window.scrollTo({ top: 0 });
          close();
          setSaved(result.form.pendingReview ? 'held' : 'published');
        }}
      />
    );
  }
  return (
    <SpaceBetween size="xxl">
      <ParentProfiles profiles={profiles} saved={saved} setSaved={setSaved} setEditing={open} />
      <MyActivity />
      <MyConsentLog />
      <MyDataDownload profiles={profiles} />
    </SpaceBetween>
  );
}

/** GET /api/me, read again on every visit (a parent checks what the school holds): 'Profile Not Found' when unknown. */
function ProfileContent() {
  const { t } = useTranslation();
  const me = useMe();
  if (!me.data && me.error instanceof ApiError && me.error.code === 'NOT_REGISTERED') return <ProfileNotFound />;
  return (
    <QueryState
      query={me}
      loadingText={t('directory.profile.loading')}
      errorHeader={t('directory.profile.loadError')}
      genericKey="directory.errorDetail.network"
    >
      {(data) => <ProfileFor me={data} />}
    </QueryState>
  );
}

export function ProfilePage() {
  const { t } = useTranslation();
  // A staff member's page holds their choices only: no children, no profile, no families near me (for parents,
  // asked once GET /api/me has said who is looking).
  const userType = useMe().data?.userType;
  const staff = userType === 'staff';
  return (
    <PageFrame title={t('pages.profile.title')} description={t(staff ? 'pages.profile.staffDescription' : 'pages.profile.description')}>
      <SpaceBetween size="xxl">
        <ProfileContent />
        {/* The emails each member accepts, staff included (docs/messages.md, "Consents"). */}
        <MessageConsentsSection />
        {/* Families near me: off until the parent turns it on (docs/privacy.md, "Families near me"). */}
        {userType === 'parent' && <CarpoolChoice showLink />}
        {/* For every signed-in member, staff included: it is about this device, not the parent record. */}
        <OfflineCopySetting />
      </SpaceBetween>
    </PageFrame>
  );
}
