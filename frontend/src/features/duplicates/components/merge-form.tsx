import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import {
  MERGE_FIELDS,
  mergedParentFields,
  type DuplicatePair,
  type MergeChoices,
  type MergeField,
  type MergeResponse,
} from '@shared/contracts/duplicates-api';
import { formatPhone } from '@shared/format/phone';
import type { Parent, ParentFields } from '@shared/schemas/parent';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { useErrorText } from '../../../lib/api/use-error-text';
import { useMerge } from '../api/duplicates-queries';

type Fields = Pick<Parent, keyof ParentFields>;

/** A field of a record as the administrator reads it ("—" when empty). */
function useFieldText(): (field: MergeField, parent: Fields) => string {
  const { t } = useTranslation();
  return (field, parent) => {
    const none = t('duplicates.none');
    switch (field) {
      case 'name':
        return `${parent.firstName} ${parent.lastName}`;
      case 'email':
        return parent.email ?? none;
      case 'phone':
        return parent.phone ? formatPhone(parent.phone) : none;
      case 'address':
        return parent.address ? `${parent.address.street}, ${parent.address.city} ${parent.address.postalCode}` : none;
      case 'preferredLanguage':
        return t(`duplicates.languages.${parent.preferredLanguage}`);
      case 'privacy':
        return t(`duplicates.participation.${parent.participation}`);
      case 'profile':
        return parent.skills || (parent.interests.length > 0 ? t('duplicates.interestCount', { count: parent.interests.length }) : none);
    }
  };
}

const hasValue = (field: MergeField, parent: Parent) =>
  field === 'email' ? !!parent.email : field === 'phone' ? !!parent.phone : field === 'address' ? !!parent.address : true;

/** Each field from the record that has it, the kept record first. */
function defaultChoices(pair: DuplicatePair): MergeChoices {
  const choose = (field: MergeField) => (hasValue(field, pair.keep.parent) || !hasValue(field, pair.other.parent) ? 'keep' : 'other');
  return Object.fromEntries(MERGE_FIELDS.map((field) => [field, choose(field)])) as MergeChoices;
}

/** What the merge leaves: the preview under the choices, with what else moves. */
function MergePreview({ pair, merged }: { pair: DuplicatePair; merged: ParentFields }) {
  const { t } = useTranslation();
  const text = useFieldText();
  const lost = [pair.keep.parent.email, pair.other.parent.email].filter((e): e is string => !!e && e !== merged.email);
  const children = new Set([...pair.keep.children, ...pair.other.children].map((c) => c.id)).size;
  return (
    <Container header={<Header variant="h2">{t('duplicates.preview')}</Header>}>
      <SpaceBetween size="m">
        <KeyValuePairs
          columns={2}
          items={[
            ...MERGE_FIELDS.map((field) => ({ label: t(`duplicates.fields.${field}`), value: text(field, merged as Fields) })),
            { label: t('duplicates.children'), value: String(children) },
            { label: t('duplicates.seats'), value: String(pair.keep.seats + pair.other.seats) },
          ]}
        />
        {lost.map((email) => (
          <Alert key={email} type="warning">{t('duplicates.accountLost', { email })}</Alert>
        ))}
      </SpaceBetween>
    </Container>
  );
}

/**
 * The merge screen (docs/product-rules.md, "Duplicates"): one choice per field between the two records, the
 * preview of the result, and a confirmation before the merge (it can be undone for 30 days).
 */
export function MergeForm({ pair, onCancel, onMerged }: { pair: DuplicatePair; onCancel: () => void; onMerged: (r: MergeResponse) => void }) {
  const { t } = useTranslation();
  const merge = useMerge();
  const errorText = useErrorText('duplicates.error');
  const text = useFieldText();
  const [choices, setChoices] = useState<MergeChoices>(() => defaultChoices(pair));
  const [confirming, setConfirming] = useState(false);
  const merged = useMemo(() => mergedParentFields(pair.keep.parent, pair.other.parent, choices), [pair, choices]);
  const { keep, other } = pair;
  const submit = () => {
    const request = { keepId: keep.parent.id, keepVersion: keep.parent.version, otherId: other.parent.id, otherVersion: other.parent.version, choices };
    // The promise goes to the dialog, which ignores a double click's second click until it settles.
    return merge.mutateAsync(request).then(
      (response) => (setConfirming(false), onMerged(response)),
      () => setConfirming(false),
    );
  };
  return (
    <SpaceBetween size="l">
      <Form
        header={<Header variant="h2" description={t('duplicates.mergeDescription')}>{t('duplicates.mergeTitle')}</Header>}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={onCancel}>{t('duplicates.back')}</Button>
            <Button variant="primary" onClick={() => setConfirming(true)}>{t('duplicates.merge')}</Button>
          </SpaceBetween>
        }
      >
        <Container>
          <SpaceBetween size="l">
            {merge.isError && <Alert type="error">{errorText(merge.error)}</Alert>}
            <ColumnLayout columns={2} variant="text-grid">
              {MERGE_FIELDS.map((field) => (
                <FormField key={field} label={t(`duplicates.fields.${field}`)}>
                  <RadioGroup
                    value={choices[field]}
                    onChange={({ detail }) => setChoices((c) => ({ ...c, [field]: detail.value as MergeChoices[MergeField] }))}
                    items={(['keep', 'other'] as const).map((side) => ({
                      value: side,
                      label: text(field, pair[side].parent),
                      description: t(`duplicates.sides.${side}`),
                    }))}
                  />
                </FormField>
              ))}
            </ColumnLayout>
          </SpaceBetween>
        </Container>
      </Form>
      <MergePreview pair={pair} merged={merged} />
      {/* Undone within 30 days from the duplicates screen: it asks, without a word to type. */}
      <ConfirmDialog
        visible={confirming}
        title={t('duplicates.confirmTitle')}
        confirmLabel={t('duplicates.confirm')}
        cancelLabel={t('duplicates.cancel')}
        busy={merge.isPending}
        onDismiss={() => setConfirming(false)}
        onConfirm={submit}
      >
        {t('duplicates.confirmText', { kept: text('name', merged as Fields), days: 30 })}
      </ConfirmDialog>
    </SpaceBetween>
  );
}
