import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { formatShortCode, normalizeShortCode } from '@shared/rules/short-code';
import { PageFrame } from '../../../components/page/page-frame';
import type { Locale } from '../../../i18n/locale';
import { usePageLanguage } from '../../../i18n/use-page-language';

/**
 * `/mise-a-jour/code` and `/update/code` (docs/annual-update.md, "Paper letters"): the parent types the short code
 * printed on their letter and lands on the same form as the link (`/update/<code>`), which the server resolves
 * like a link token. The page opens in its address's language (the letter's), without saving it as the device's choice.
 */
function UpdateCodePage({ lang }: { lang: Locale }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);

  usePageLanguage(lang);

  const open = () => {
    const code = normalizeShortCode(value);
    if (!code) {
      setInvalid(true);
      return;
    }
    void navigate(`/update/${formatShortCode(code)}?lang=${i18n.language === 'en' ? 'en' : 'fr'}`);
  };

  return (
    <PageFrame title={t('annualUpdate.letters.codePage.title')} description={t('annualUpdate.letters.codePage.description')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          open();
        }}
      >
        <Form actions={<Button variant="primary" formAction="submit">{t('annualUpdate.letters.codePage.submit')}</Button>}>
          <SpaceBetween size="m">
            <FormField
              label={t('annualUpdate.letters.codePage.label')}
              description={t('annualUpdate.letters.codePage.hint')}
              errorText={invalid ? t('annualUpdate.letters.codePage.invalid') : undefined}
            >
              <Input
                value={value}
                onChange={({ detail }) => {
                  setValue(detail.value);
                  setInvalid(false);
                }}
                autoComplete={false}
                spellcheck={false}
                inputMode="text"
                placeholder="ABCDE-FGHJK"
                invalid={invalid}
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
