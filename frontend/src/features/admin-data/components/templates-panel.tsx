import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { entityTitle } from '@shared/rules/import-columns';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { useLanguage } from '../../../lib/use-language';
import { adminDataApi } from '../api/admin-data-client';
import { saveCsv } from '../model/import-model';
import { LoadError } from './load-error';
import { useErrorText, useLoad } from './use-admin-data';

/** The seven CSV templates (the school's settings and six entity files) in the admin's language, each with what it holds, and a download button. */
export function TemplatesPanel() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { apiBaseUrl } = useRuntimeConfig();
  const errorText = useErrorText();
  const templates = useLoad(() => adminDataApi.templates(apiBaseUrl, lang), lang);
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
      {templates.loading && !templates.data ? (
        <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>
      ) : templates.error ? (
        <LoadError message={errorText(templates.error)} onRetry={templates.retry} />
      ) : (
        <SpaceBetween size="l">
          {files.map((file) => (
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
    </Container>
  );
}
