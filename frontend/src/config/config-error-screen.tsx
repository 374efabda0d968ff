import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Link from '@cloudscape-design/components/link';
import { debugSwitchOn } from '../components/debug/debug-switch';
import { rememberedContact } from './remembered-contact';
import type { ConfigProblem } from './load-runtime-config';

function describe(t: TFunction, problem: ConfigProblem): string {
  switch (problem.kind) {
    case 'unreachable':
      return t('configError.unreachable');
    case 'http':
      return t('configError.httpStatus', { status: problem.status });
    case 'missing':
      return t('configError.missing');
    case 'not-json':
      return t('configError.notJson');
    case 'invalid':
      return t('configError.invalid', { fields: problem.fields.join(', ') });
  }
}

/** What a member can do: try again later, and whom to write to (the address the last start-up read, if any). */
function MemberAdvice({ t, lang, contact }: { t: TFunction; lang: 'fr' | 'en'; contact: string | null }) {
  return (
    <div lang={lang}>
      <SpaceBetween size="s">
        <Header variant="h2" description={t('configError.memberIntro')}>
          {t('configError.memberTitle')}
        </Header>
        <Box variant="p">{t('configError.memberRetry')}</Box>
        {contact ? (
          <Box variant="p">
            {t('configError.memberContact')} <Link href={`mailto:${contact}`}>{contact}</Link>
          </Box>
        ) : (
          <Box variant="p">{t('configError.memberNoContact')}</Box>
        )}
      </SpaceBetween>
    </div>
  );
}

/** The technical explanation, for whoever runs the deployment (the `?debug=1` switch). */
function Explanation({ t, lang, problem }: { t: TFunction; lang: 'fr' | 'en'; problem: ConfigProblem }) {
  return (
    <div lang={lang}>
      <SpaceBetween size="s">
        <Header variant="h2" description={t('configError.intro')}>
          {t('configError.title')}
        </Header>
        <Box variant="h3">{t('configError.problem')}</Box>
        <Box variant="p">{describe(t, problem)}</Box>
        <Box variant="h3">{t('configError.whatToDo')}</Box>
        <ul>
          <li>{t('configError.local')}</li>
          <li>{t('configError.aws')}</li>
        </ul>
      </SpaceBetween>
    </div>
  );
}

/**
 * Shown instead of the app when `/config.json` is missing or invalid. The language preference may be the very
 * thing nobody set yet, so the screen speaks both languages, French first. A member reads what they can do (try
 * again, write to the school's contact); the cause and the operator's fix (`npm start`, `npx cdk deploy`) show
 * with the `?debug=1` switch only (docs/frontend.md, "Help, and diagnostics for administrators").
 */
export function ConfigErrorScreen({ problem, onRetry }: { problem: ConfigProblem; onRetry: () => void }) {
  const { i18n } = useTranslation();
  const fr = i18n.getFixedT('fr');
  const en = i18n.getFixedT('en');
  // Each language whose strings could be loaded (config-gate.tsx loads both before showing this screen).
  const languages = (['fr', 'en'] as const).filter((lang) => i18n.hasResourceBundle(lang, 'translation'));
  const retryText = languages.map((lang) => (lang === 'fr' ? fr : en)('configError.retry')).join(' / ');
  const diagnostics = debugSwitchOn();
  const contact = rememberedContact();
  return (
    <main style={{ maxWidth: 760, margin: '0 auto', padding: '32px 16px' }}>
      <Container>
        <div role="alert">
          <SpaceBetween size="xl">
            {languages.map((lang) =>
              diagnostics ? (
                <Explanation key={lang} t={lang === 'fr' ? fr : en} lang={lang} problem={problem} />
              ) : (
                <MemberAdvice key={lang} t={lang === 'fr' ? fr : en} lang={lang} contact={contact} />
              ),
            )}
            <Button onClick={onRetry} iconName="refresh">
              {retryText}
            </Button>
          </SpaceBetween>
        </div>
      </Container>
    </main>
  );
}
