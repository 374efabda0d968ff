import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { CODE_PAGE_PATHS } from '@shared/rules/short-code';
import type { ErrorDetails } from '@shared/contracts/error-codes';
import { formatPhone } from '@shared/format/phone';
import { PageFrame } from '../../../components/page/page-frame';
import { RouterLink } from '../../../components/router-link/router-link';
import { onLongDate } from '../../../lib/date-time';
import { linkDetails } from '../../../lib/parent-form/link-problem';
import { useLanguage } from '../../../lib/use-language';
import { useSignedIn } from '../../../lib/signed-in';

/**
 * An emailed-link page while its form loads, or when the link cannot be used: the reason in the link's language
 * (the campaign closed on a day, a code replaced by a newer letter's, a link replaced by a newer email's, a link past
 * its last day, or unknown), then what the parent can do instead (a letter's code, their account's profile, trying again) and the school office's
 * contact when the server gave it: never a dead end (docs/annual-update.md, "Campaign lifecycle"). Someone already
 * signed in (lib/signed-in.ts) is offered My profile itself, not a sign-in. A staff member's link (`staff`) offers
 * neither a letter's code nor My profile (staff get no letters and have no profile): the school office only.
 */
export function LinkPageStatus({ title, problem, error, staff = false }: { title: string; problem?: string; error?: unknown; staff?: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const details = linkDetails(error);
  // With the day it ended, the sentence says when: « La période de mise à jour s'est terminée le 19 décembre 2026 ».
  const dated = details.endedOn && (problem === 'campaignClosed' || problem === 'tokenExpired' || problem === 'linkReplaced');
  const message = dated
    ? t(`updateForm.messages.${problem}On`, { date: onLongDate(details.endedOn!, lang) })
    : t(`updateForm.messages.${problem}`);
  return (
    <PageFrame title={title}>
      {problem ? (
        <SpaceBetween size="m">
          <Alert type="error">{message}</Alert>
          <LinkAlternatives retry={problem === 'loadFailed'} closed={problem === 'campaignClosed'} school={details.school} staff={staff} />
        </SpaceBetween>
      ) : (
        <Box textAlign="center" padding="l">
          <Spinner size="large" /> {t('common.loading')}
        </Box>
      )}
    </PageFrame>
  );
}

/**
 * After the campaign closed (early or on its day), a letter's code stops working as the link did: no « Entrer le
 * code » then, nor « ask for a new link », which would not work either; the school office, whom the message names.
 */
function LinkAlternatives({ retry, closed, school, staff }: { retry: boolean; closed: boolean; school?: ErrorDetails['school']; staff: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const signedIn = useSignedIn();
  return (
    <SpaceBetween size="s">
      {retry && <Button onClick={() => window.location.reload()}>{t('updateForm.linkHelp.retry')}</Button>}
      {!staff && !closed && (
        <Box>
          {t('updateForm.linkHelp.code')} <RouterLink href={CODE_PAGE_PATHS[lang]}>{t('updateForm.linkHelp.codeLink')}</RouterLink>
        </Box>
      )}
      {/* Signed in already (a parent opening an old link): My profile at once, not « Se connecter… ». */}
      {!staff && (signedIn ? (
        <Box>
          {t('updateForm.linkHelp.accountSignedIn')} <RouterLink href="/profile">{t('updateForm.linkHelp.profileLink')}</RouterLink>
        </Box>
      ) : (
        <Box>
          {t('updateForm.linkHelp.account')} <RouterLink href="/auth?redirect=%2Fprofile">{t('updateForm.linkHelp.accountLink')}</RouterLink>
        </Box>
      ))}
      {/* Staff, and anyone whose link cannot be used: the school office, whom to ask for a new link. */}
      {school ? <SchoolContact school={school} /> : !closed && <Box color="text-body-secondary">{t('updateForm.linkHelp.newLink')}</Box>}
    </SpaceBetween>
  );
}

/** « Secrétariat de l'École des Érables : secretariat@… · 514 555-0100 », as links to write or to call. */
function SchoolContact({ school }: { school: NonNullable<ErrorDetails['school']> }) {
  const { t } = useTranslation();
  return (
    <Box>
      {t('updateForm.linkHelp.contact', { school: school.name })}
      {school.email && (
        <>
          {' '}
          <Link href={`mailto:${school.email}`}>{school.email}</Link>
        </>
      )}
      {school.phone && (
        <>
          {school.email ? ' · ' : ' '}
          <Link href={`tel:+1${school.phone.replace(/\D/g, '').slice(-10)}`}>{formatPhone(school.phone)}</Link>
        </>
      )}
    </Box>
  );
}
