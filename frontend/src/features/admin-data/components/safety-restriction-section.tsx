import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Parent } from '@shared/schemas/parent';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { compareNames } from '../../../lib/directory/names';
import { adminDataApi } from '../api/admin-data-client';
import { useErrorText } from './use-admin-data';

/**
 * A safety restriction (docs/privacy.md): the households this parent is hidden from, chosen by name. They then
 * see the parent as name only, everywhere. Only administrators see this section; each change is audited.
 */
export function SafetyRestrictionSection({ parent, parents, onSaved }: {
  parent: Parent;
  parents: readonly Parent[];
  onSaved: (saved: Parent) => void;
}) {
  const { t } = useTranslation();
  const { apiBaseUrl } = useRuntimeConfig();
  const errorText = useErrorText();
  const [selected, setSelected] = useState<string[]>(parent.safetyRestriction?.hiddenFrom ?? []);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const options = parents
    .filter((p) => p.id !== parent.id)
    .sort(compareNames)
    .map((p) => ({ value: p.id, label: `${p.lastName}, ${p.firstName}`, description: p.email }));

  const save = async () => {
    setSaving(true);
    setProblem(null);
    try {
      const { record } = await adminDataApi.saveSafetyRestriction(apiBaseUrl, parent.id, {
        version: parent.version,
        hiddenFrom: selected,
      });
      onSaved(record as Parent);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Container
      header={
        <Header variant="h3" description={t('adminData.restriction.description')}>
          {t('adminData.restriction.title')}
        </Header>
      }
    >
      <SpaceBetween size="m">
        <FormField label={t('adminData.restriction.hiddenFrom')} constraintText={t('adminData.restriction.hint')}>
          <Multiselect
            selectedOptions={options.filter((option) => selected.includes(option.value))}
            options={options}
            filteringType="auto"
            placeholder={t('adminData.restriction.placeholder')}
            onChange={({ detail }) => setSelected(detail.selectedOptions.map((option) => option.value!))}
          />
        </FormField>
        {problem && <Alert type="error">{problem}</Alert>}
        <Button formAction="none" loading={saving} onClick={() => void save()}>
          {t('adminData.restriction.save')}
        </Button>
      </SpaceBetween>
    </Container>
  );
}
