import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { PageFrame } from '../../../components/page/page-frame';
import { RouterLink } from '../../../components/router-link/router-link';
import { useLinkLanguage } from '../../../i18n/use-link-language';
import { useLanguage } from '../../../lib/use-language';
import { CODE_PAGE_PATHS } from '@shared/rules/short-code';

/** `hasAccount` from the router state; anything else (a reload, a typed URL) is "unknown": offer both. */
function readHasAccount(state: unknown): boolean | null {
  const value = (state as { hasAccount?: unknown } | null)?.hasAccount;
  return typeof value === 'boolean' ? value : null;
}

/** A form's submit hands its result in the router's state (kept by a reload); a typed address or a bookmark has none. */
const submitted = (state: unknown): boolean => typeof state === 'object' && state !== null && 'hasAccount' in state;

/**
 * The address opened without a form sent (a bookmark, a typed address, a tab restored elsewhere): nothing is confirmed,
 * only where to update one's information (a new user's trial read « Merci! Vos renseignements ont été enregistrés. »).
 */
function NothingSubmitted() {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <PageFrame title={t('pages.updateSuccess.titleNone')} description={t('pages.updateSuccess.descriptionNone')}>
      <SpaceBetween size="s">
        <RouterLink href={CODE_PAGE_PATHS[lang]}>{t('updateSuccess.enterCode')}</RouterLink>
        <RouterLink href="/">{t('common.backHome')}</RouterLink>
      </SpaceBetween>
    </PageFrame>
  );
}

/**
 * `/update-success` (docs/product-rules.md): thanks, what happens next, then sign in or create an account. Changes held
 * for review read « Renseignements reçus », never « mis à jour »: the directory shows them only once accepted.
 */
export function UpdateSuccessPage() {
  // In the language the parent used on the form (its `?lang=`, kept by a reload), not the device's saved one; the
  // language switch still works here and saves, as on the link's page (i18n/use-link-language.ts).
  useLinkLanguage();
  const { state } = useLocation();
  if (!submitted(state)) return <NothingSubmitted />;
  return <Submitted state={state} />;
}

type Outcome = 'saved' | 'review' | 'unchanged';

/**
 * Held for review (docs/annual-update.md, "Review before publishing"): received, not yet in the directory. Nothing
 * changed: the person confirmed what the school has (a trial's staff member, sending the form untouched, read that
 * their changes already showed).
 */
const OUTCOME_TEXT: Record<Outcome, { title: string; description: string; nextStep: string }> = {
  saved: { title: 'pages.updateSuccess.title', description: 'pages.updateSuccess.description', nextStep: 'updateSuccess.nextStepDirectory' },
  review: { title: 'pages.updateSuccess.titleReview', description: 'pages.updateSuccess.descriptionReview', nextStep: 'updateForm.review.nextStep' },
  unchanged: {
    title: 'pages.updateSuccess.titleUnchanged',
    description: 'pages.updateSuccess.descriptionUnchanged',
    nextStep: 'updateSuccess.nextStepUnchanged',
  },
};

function outcomeOf(state: unknown, pendingReview: boolean): Outcome {
  if (pendingReview) return 'review';
  return (state as { unchanged?: unknown } | null)?.unchanged === true ? 'unchanged' : 'saved';
}

function Submitted({ state }: { state: unknown }) {
  const { t } = useTranslation();
  const hasAccount = readHasAccount(state);
  const pendingReview = (state as { pendingReview?: unknown } | null)?.pendingReview === true;
  // A family without email (a paper letter's): an account needs one the school has, so say how to get there instead
  // (a trial's family was told to create an account « avec le courriel que l'école a à son dossier »: it has none).
  const noEmail = (state as { noEmail?: unknown } | null)?.noEmail === true;
  const outcome = outcomeOf(state, pendingReview);
  // Staff have no letter and no profile (a trial's teacher read both): their own sentences.
  const staff = (state as { staff?: unknown } | null)?.staff === true;
  return (
    <PageFrame title={t(OUTCOME_TEXT[outcome].title)} description={t(OUTCOME_TEXT[outcome].description)}>
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">{t('updateSuccess.nextStepsTitle')}</Header>}>
          <ul>
            <li>{t(OUTCOME_TEXT[outcome].nextStep)}</li>
            <li>{t(staff ? 'updateSuccess.nextStepChangeStaff' : 'updateSuccess.nextStepChange')}</li>
          </ul>
        </Container>
        <Container header={<Header variant="h2">{t('updateSuccess.accountTitle')}</Header>}>
          <SpaceBetween size="s">
            {noEmail && <Box>{t('updateSuccess.noEmailText')}</Box>}
            {!noEmail && hasAccount !== false && (
              <Box>
                {t(staff ? 'updateSuccess.signInTextStaff' : 'updateSuccess.signInText')} <RouterLink href="/auth">{t('updateSuccess.signIn')}</RouterLink>
              </Box>
            )}
            {!noEmail && hasAccount !== true && (
              <Box>
                {t('updateSuccess.registerText')}{' '}
                <RouterLink href="/auth?mode=register">{t('updateSuccess.register')}</RouterLink>
              </Box>
            )}
          </SpaceBetween>
        </Container>
        <RouterLink href="/">{t('common.backHome')}</RouterLink>
      </SpaceBetween>
    </PageFrame>
  );
}
