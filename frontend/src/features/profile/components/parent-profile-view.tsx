import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { MeParentProfile } from '@shared/contracts/auth-api';
import { VISIBILITY_FIELDS } from '@shared/rules/visibility';
import { ContactDetails } from '../../../components/directory/contact-details';
import { useLanguage } from '../../../lib/use-language';
import { interestLabel, roleLabel } from '../../../lib/directory/labels';
import { fullName } from '../../../lib/directory/names';
import { PendingReview } from './pending-review';
import { ProfileActions } from './profile-actions';
import { useSchoolContactEmail } from '../hooks/use-school-contact';

/** The parent's children: level and class, teacher and the teacher's email. */
function ChildrenSection({ profile, notGiven }: { profile: MeParentProfile; notGiven: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const contactEmail = useSchoolContactEmail();
  return (
    <Container
      header={
        <Header variant="h2" counter={`(${profile.children.length})`}>
          {t('directory.profile.children')}
        </Header>
      }
    >
      {profile.children.length === 0 ? (
        notGiven
      ) : (
        <KeyValuePairs
          columns={2}
          items={profile.children.map((child) => ({
            label: fullName(child),
            value: (
              <>
                <Box display="block">
                  {[
                    child.levelLabel?.[lang] ?? child.level,
                    child.class ? child.class.name : t('directory.profile.noClass'),
                  ].join(' · ')}
                </Box>
                <Box display="block" color="text-body-secondary">
                  {child.teacher
                    ? t('directory.profile.teacher', { name: fullName(child.teacher) })
                    : t('directory.classes.noTeacher')}
                </Box>
                {child.teacher?.email && <ContactDetails email={child.teacher.email} />}
              </>
            ),
          }))}
        />
      )}
      {contactEmail && profile.children.length > 0 && (
        // The form does not change a child's class or grade: who does (a trial's parent saw a wrong class, no way to say it).
        <Box margin={{ top: 'm' }} color="text-body-secondary">
          {t('directory.profile.childrenError')}{' '}
          <Link href={`mailto:${contactEmail}`}>{t('directory.profile.contactAdmin', { email: contactEmail })}</Link>
        </Box>
      )}
    </Container>
  );
}

/** The committees the parent sits on, with their role. */
function CommitteesSection({ profile }: { profile: MeParentProfile }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Container header={<Header variant="h2">{t('directory.profile.committees')}</Header>}>
      {profile.committees.length === 0 ? (
        <Box color="text-body-secondary">{t('directory.profile.noCommittees')}</Box>
      ) : (
        <SpaceBetween size="xs">
          {profile.committees.map((seat) => (
            <div key={seat.committeeId}>
              <Box variant="strong">{seat.name[lang]}</Box> · {roleLabel(seat.role, lang)}
            </div>
          ))}
        </SpaceBetween>
      )}
    </Container>
  );
}

/**
 * The participation level and what it means; when the parent set who sees each detail apart from the level, each
 * detail's audience instead (a trial restricted the phone to administrators and read « Complète : les autres familles
 * voient vos coordonnées », as if it were shared again).
 */
function Participation({ profile }: { profile: MeParentProfile }) {
  const { t } = useTranslation();
  const { audiences } = profile;
  const lowerFirst = (text: string) => text.charAt(0).toLocaleLowerCase() + text.slice(1);
  return (
    <>
      {t(`directory.profile.participationLevels.${profile.participation}`)}
      {audiences ? (
        <Box variant="small" display="block" color="text-body-secondary">
          {t('directory.profile.customVisibility')}
          {VISIBILITY_FIELDS.map((field) => (
            <Box key={field} variant="small" display="block" color="text-body-secondary">
              {`${t(`updateForm.visibility.fields.${field}`)} ${lowerFirst(t(`updateForm.visibility.audiences.${audiences[field]}`))}`}
            </Box>
          ))}
        </Box>
      ) : (
        <Box variant="small" display="block" color="text-body-secondary">
          {t(`directory.profile.participationHelp.${profile.participation}`)}
        </Box>
      )}
    </>
  );
}

/** A parent's own record: their information, children (class, teacher), committees, interests and skills. */
export function ParentProfileView({ profile, onEdit }: { profile: MeParentProfile; onEdit?: (parentId: string) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const notGiven = <Box color="text-body-secondary">{t('directory.profile.notGiven')}</Box>;

  return (
    <SpaceBetween size="l">
      {/* An answer held for the school's review: which fields wait, with the values sent. */}
      <PendingReview parentId={profile.id} />
      <Container
        header={
          <Header variant="h2" actions={<ProfileActions profile={profile} onEdit={onEdit} />}>
            {fullName(profile)}
          </Header>
        }
      >
        <KeyValuePairs
          columns={2}
          items={[
            {
              label: t('directory.profile.contact'),
              value: profile.email || profile.phone || profile.address ? (
                <ContactDetails email={profile.email} phone={profile.phone} address={profile.address} />
              ) : (
                notGiven
              ),
            },
            {
              label: t('directory.profile.participation'),
              value: <Participation profile={profile} />,
            },
            { label: t('directory.profile.language'), value: t(`directory.profile.languages.${profile.preferredLanguage}`) },
          ]}
        />
      </Container>

      <ChildrenSection profile={profile} notGiven={notGiven} />

      <CommitteesSection profile={profile} />

      <Container header={<Header variant="h2">{t('directory.profile.interestsTitle')}</Header>}>
        <KeyValuePairs
          columns={2}
          items={[
            {
              label: t('directory.profile.interests'),
              value: profile.interests.length > 0 ? profile.interests.map((c) => interestLabel(c, lang)).join(', ') : notGiven,
            },
            { label: t('directory.profile.skills'), value: profile.skills || notGiven },
          ]}
        />
      </Container>
    </SpaceBetween>
  );
}
