import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ParentName, useParentCard } from '../../../components/directory/parent-card';
import { RouterLink } from '../../../components/router-link/router-link';
import { useMyMessages, writeToClassHref } from '../../../lib/api/my-messages-queries';
import type { DirectoryClass } from '@shared/contracts/directory-api';
import type { DirectoryIndex } from '../../../lib/directory/directory-index';
import { classLevelsLabel } from '../../../lib/directory/labels';
import { fullName } from '../../../lib/directory/names';
import { useLanguage } from '../../../lib/use-language';

/** The home's cards (« Mes enfants », « Mes classes »): the parts each card repeats. */

export function Label({ children }: { children: string }) {
  return <Box variant="awsui-key-label">{children}</Box>;
}

/** A class's parent representatives: a name opens the representative's card. */
export function ParentRepresentatives({ index, schoolClass, openParent }: {
  index: DirectoryIndex;
  schoolClass: DirectoryClass;
  openParent: (p: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <Label>{t('directory.classes.parentReps')}</Label>
      {schoolClass.parentRepIndexes.length === 0 && <Box color="text-body-secondary">{t('directory.classes.none')}</Box>}
      {schoolClass.parentRepIndexes.map((p) => (
        <div key={p}>
          <ParentName name={fullName(index.directory.parents[p]!)} onOpen={() => openParent(p)} />
        </div>
      ))}
    </div>
  );
}

/**
 * « Écrire aux parents de la classe » on the card of a class the viewer may write to: a class's parent representative
 * or its homeroom teacher (`candidate`), when the server offers that class as an audience (the settings allow it and
 * the right was not withdrawn). Only a candidate asks the server; the link opens Messages with the class chosen.
 */
export function WriteToClassLink({ schoolClass, candidate }: { schoolClass: DirectoryClass; candidate: boolean }) {
  const { t } = useTranslation();
  const { data } = useMyMessages({ enabled: candidate });
  const offered = data?.audiences.some((o) => o.audience.type === 'class' && o.audience.classId === schoolClass.id);
  if (!candidate || !offered) return null;
  return (
    <RouterLink href={writeToClassHref(schoolClass.id)} variant="primary">
      {t('directory.home.writeToClass')}
    </RouterLink>
  );
}

/** The class one tap away: « Classe A (1re-2e) : élèves et parents ». */
export function OpenClassLink({ index, schoolClass }: { index: DirectoryIndex; schoolClass: DirectoryClass }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <RouterLink href={`/classes?class=${encodeURIComponent(schoolClass.code)}`} variant="primary">
      {t('directory.home.openClass', { name: schoolClass.name, levels: classLevelsLabel(index.directory, schoolClass.levels, lang) })}
    </RouterLink>
  );
}

/**
 * A titled region of cards, up to three side by side (one on a phone), and the parent card a representative's name
 * opens. Nothing when there is no card.
 */
export function CardSection<T extends number>({ id, title, index, items, card }: {
  id: string;
  title: string;
  index: DirectoryIndex;
  items: readonly T[];
  card: (item: T, openParent: (p: number) => void) => ReactNode;
}) {
  const parentCard = useParentCard(index);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <SpaceBetween size="s">
        <Header variant="h2" headingTagOverride="h2">
          <span id={id}>{title}</span>
        </Header>
        <ColumnLayout columns={Math.min(items.length, 3)}>{items.map((item) => card(item, parentCard.open))}</ColumnLayout>
      </SpaceBetween>
      {parentCard.modal}
    </section>
  );
}
