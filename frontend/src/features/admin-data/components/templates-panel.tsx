import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { entityTitle } from '@shared/rules/import-columns';
import { QueryState } from '../../../components/query-state/query-state';
import { useLanguage } from '../../../lib/use-language';
import { useImportTemplates } from '../api/admin-data-queries';
import { saveCsv } from '../model/import-model';
import { GENERIC_ERROR } from './use-admin-data';

/** The seven CSV templates (the school's settings and six entity files) in the admin's language, each with what it holds, and a download button. */
export function TemplatesPanel() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const templates = useImportTemplates(lang);
  const files = templates.data ?? [];
  return (
    <Container
      header={
        <Header
          variant="h2"
          description={t('adminData.templates.description')}
          actions={
            files.length > 0 && (
              <Button iconName="download" onClick={() => files.forEach(saveCsv)}>
                {t('adminData.templates.downloadAll')}
              </Button>
            )
          }
        >
          {t('adminData.templates.title')}
        </Header>
      }
    >
      <QueryState query={templates} genericKey={GENERIC_ERROR}>
        {(loaded) => (
          <SpaceBetween size="l">
            {loaded.map((file) => (
              <SpaceBetween key={file.entity} size="xxs">
                <Box variant="h3">{entityTitle(file.entity, lang)}</Box>
                <Box variant="p">{t(`adminData.templates.explain.${file.entity}`)}</Box>
                <Box>
                  <Button
                    iconName="download"
                    ariaLabel={t('adminData.templates.downloadOne', { name: file.name })}
                    onClick={() => saveCsv(file)}
                  >
                    {file.name}
                  </Button>
                </Box>
              </SpaceBetween>
            ))}
            <Box variant="small">{t('adminData.templates.formatNote')}</Box>
          </SpaceBetween>
        )}
      </QueryState>
    </Container>
  );
}
