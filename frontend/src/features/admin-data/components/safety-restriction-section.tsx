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
import { compareNames } from '../../../lib/directory/names';
import { useSaveSafetyRestriction } from '../api/admin-data-queries';
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
  const saveRestriction = useSaveSafetyRestriction();
  const errorText = useErrorText();
  const [selected, setSelected] = useState<string[]>(parent.safetyRestriction?.hiddenFrom ?? []);
  const [problem, setProblem] = useState<string | null>(null);
  const options = parents
    .filter((p) => p.id !== parent.id)
    .sort(compareNames)
    .map((p) => ({ value: p.id, label: `${p.lastName}, ${p.firstName}`, description: p.email }));

  const save = async () => {
    setProblem(null);
    try {
      const { record } = await saveRestriction.mutateAsync({ id: parent.id, request: { version: parent.version, hiddenFrom: selected } });
      onSaved(record as Parent);
    } catch (error) {
      setProblem(errorText(error));
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
        <Button formAction="none" loading={saveRestriction.isPending} onClick={() => void save()}>
          {t('adminData.restriction.save')}
        </Button>
      </SpaceBetween>
    </Container>
  );
}
