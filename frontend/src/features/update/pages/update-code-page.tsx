import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { SHORT_CODE_ALPHABET, formatShortCode, normalizeShortCode } from '@shared/rules/short-code';
import { PageFrame } from '../../../components/page/page-frame';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import type { Locale } from '../../../i18n/locale';
import { usePageLanguage } from '../../../i18n/use-page-language';
import { ApiError } from '../../../lib/api/api-client';
import { loadUpdateForm } from '../api/update-client';
import { updateFormKey } from '../api/update-queries';

/**
 * Why the code cannot open a form, said under the field: a character codes never use (named: « ABCDE-12345 » was
 * answered « vérifiez les dix caractères » though ten were typed), not ten characters, or no letter has it.
 */
type CodeProblem = { kind: 'invalid' | 'unknown' } | { kind: 'excluded'; characters: string[] };

/** The letters and digits codes never use (the look-alikes 0/O, 1/I/L), from the codes' own alphabet. */
const NEVER_USED = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'].filter((c) => !SHORT_CODE_ALPHABET.includes(c));

/** The characters typed that no code uses, each once, in the order typed (upper case, as printed). */
function excludedCharacters(typed: string): string[] {
  return [...new Set([...typed.toUpperCase()].filter((c) => NEVER_USED.includes(c)))];
}

/** The sentence under the field, in the page's language: « Ce code contient « 1 »… ils n'ont jamais 0, 1, I, L ou O. » */
function problemText(t: TFunction, lang: string, problem: CodeProblem): string {
  if (problem.kind !== 'excluded') return t(`annualUpdate.letters.codePage.${problem.kind}`);
  const quote = (c: string) => (lang === 'fr' ? `«\u00a0${c}\u00a0»` : `"${c}"`);
  const list = (items: string[], type: 'conjunction' | 'disjunction') => new Intl.ListFormat(lang, { type }).format(items);
  return t('annualUpdate.letters.codePage.excluded', {
    count: problem.characters.length,
    characters: list(problem.characters.map(quote), 'conjunction'),
    never: list(NEVER_USED, 'disjunction'),
  });
}

/**
 * `/mise-a-jour/code` and `/update/code` (docs/annual-update.md, "Paper letters"): the parent types the short code
 * printed on their letter and lands on the same form as the link (`/update/<code>`), which the server resolves
 * like a link token; a code no letter has is said here, under the field. The page opens in its address's language (the
 * letter's), without saving it as the device's choice.
 */
function UpdateCodePage({ lang }: { lang: Locale }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<CodeProblem>();
  const [checking, setChecking] = useState(false);
  const { apiBaseUrl } = useRuntimeConfig();
  const queryClient = useQueryClient();

  usePageLanguage(lang);

  // The code is read here first: one that no letter has is said on this page, with the field to fix it (the form's
  // page would speak of a link, away from the field). The form read goes to the cache, so the form's page opens at
  // once; a closed campaign or a network failure is left to that page, which says why as for a link.
  const open = async () => {
    const code = normalizeShortCode(value);
    if (!code) {
      const characters = excludedCharacters(value);
      setProblem(characters.length > 0 ? { kind: 'excluded', characters } : { kind: 'invalid' });
      return;
    }
    const token = formatShortCode(code);
    setChecking(true);
    try {
      queryClient.setQueryData(updateFormKey(token), await loadUpdateForm(apiBaseUrl, token));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'TOKEN_INVALID') {
        setChecking(false);
        setProblem({ kind: 'unknown' });
        return;
      }
    }
    void navigate(`/update/${token}?lang=${i18n.language === 'en' ? 'en' : 'fr'}`);
  };

  return (
    <PageFrame title={t('annualUpdate.letters.codePage.title')} description={t('annualUpdate.letters.codePage.description')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void open();
        }}
      >
        <Form actions={<Button variant="primary" formAction="submit" loading={checking}>{t('annualUpdate.letters.codePage.submit')}</Button>}>
          <SpaceBetween size="m">
            <FormField
              label={t('annualUpdate.letters.codePage.label')}
              description={t('annualUpdate.letters.codePage.hint')}
              errorText={problem ? problemText(t, i18n.language === 'en' ? 'en' : 'fr', problem) : undefined}
            >
              <Input
                value={value}
                onChange={({ detail }) => {
                  setValue(detail.value);
                  setProblem(undefined);
                }}
                autoComplete={false}
                spellcheck={false}
                inputMode="text"
                placeholder="ABCDE-FGHJK"
                invalid={!!problem}
              />
            </FormField>
          </SpaceBetween>
        </Form>
      </form>
    </PageFrame>
  );
}

export const FrenchUpdateCodePage = () => <UpdateCodePage lang="fr" />;
export const EnglishUpdateCodePage = () => <UpdateCodePage lang="en" />;
