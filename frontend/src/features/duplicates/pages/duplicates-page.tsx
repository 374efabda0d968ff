import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import type { DuplicatePair, MergeResponse, MergeSummary } from '@shared/contracts/duplicates-api';
import { formatPhone } from '@shared/format/phone';
import { ofName } from '@shared/format/french';
import { PageFrame } from '../../../components/page/page-frame';
import { QueryState } from '../../../components/query-state/query-state';
import { useErrorText } from '../../../lib/api/use-error-text';
import { formatDate } from '../../../lib/date-time';
import { useLanguage } from '../../../lib/use-language';
import { useDuplicates, useUndoMerge } from '../api/duplicates-queries';
import { MergeForm } from '../components/merge-form';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';

const nameOf = (side: DuplicatePair['keep']) => `${side.parent.firstName} ${side.parent.lastName}`;

/** One record of a pair, as the list shows it. */
function SideSummary({ side }: { side: DuplicatePair['keep'] }) {
  const { t } = useTranslation();
  const { parent } = side;
  return (
    <SpaceBetween size="xxs">
      <Box fontWeight="bold">{nameOf(side)}</Box>
      <Box variant="small">{parent.email ?? t('duplicates.noEmail')}</Box>
      {parent.phone && <Box variant="small">{formatPhone(parent.phone)}</Box>}
      <Box variant="small">
        {t('duplicates.childrenOf', { names: side.children.map((c) => c.firstName).join(', ') || t('duplicates.none') })}
      </Box>
    </SpaceBetween>
  );
}

function PairCards({ pairs, onPick }: { pairs: DuplicatePair[]; onPick: (p: DuplicatePair) => void }) {
  const { t } = useTranslation();
  return (
    <Cards
      header={<Header variant="h2" counter={`(${pairs.length})`}>{t('duplicates.list')}</Header>}
      items={pairs}
      trackBy={(pair) => `${pair.keep.parent.id}|${pair.other.parent.id}`}
      cardsPerRow={[{ cards: 1 }, { minWidth: 700, cards: 2 }]}
      empty={<Box textAlign="center" color="inherit">{t('duplicates.empty')}</Box>}
      cardDefinition={{
        header: (pair) => `${nameOf(pair.keep)} · ${nameOf(pair.other)}`,
        sections: [
          {
            id: 'reasons',
            header: t('duplicates.reasons'),
            content: (pair) => (
              <SpaceBetween direction="horizontal" size="xs">
                {pair.reasons.map((reason) => <Badge key={reason} color="blue">{t(`duplicates.reason.${reason}`)}</Badge>)}
              </SpaceBetween>
            ),
          },
          { id: 'keep', content: (pair) => <SideSummary side={pair.keep} /> },
          { id: 'other', content: (pair) => <SideSummary side={pair.other} /> },
          {
            id: 'action',
            content: (pair) => (
              <Button onClick={() => onPick(pair)} ariaLabel={t('duplicates.compareAria', { a: nameOf(pair.keep), b: nameOf(pair.other) })}>
                {t('duplicates.compare')}
              </Button>
            ),
          },
        ],
      }}
    />
  );
}

function MergeTable({ merges, undoing, onUndo }: { merges: MergeSummary[]; undoing?: string; onUndo: (m: MergeSummary) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  /** "de Zoé Roy", "d'Arnaud Roy" (fr), "of Arnaud Roy" (en): the sentences never agree with a name's gender or first letter. */
  const of = (name: string) => ofName(name, lang);
  return (
    <Table
      header={<Header variant="h2">{t('duplicates.merges')}</Header>}
      items={merges}
      trackBy="id"
      wrapLines
      empty={<Box textAlign="center" color="inherit">{t('duplicates.noMerges')}</Box>}
      columnDefinitions={[
        { id: 'names', header: t('duplicates.merges'), cell: (m) => t('duplicates.mergedInto', { ofOther: of(m.otherName), ofKept: of(m.keepName) }) },
        { id: 'at', header: t('duplicates.mergedOn'), cell: (m) => formatDate(m.at) },
        {
          id: 'undo',
          header: t('duplicates.undo'),
          cell: (m) =>
            m.undoneAt ? (
              <StatusIndicator type="stopped">{t('duplicates.undone')}</StatusIndicator>
            ) : (
              <Button loading={undoing === m.id} onClick={() => onUndo(m)} ariaLabel={t('duplicates.undoAria', { ofOther: of(m.otherName), kept: m.keepName })}>
                {t('duplicates.undo')}
              </Button>
            ),
        },
        { id: 'until', header: t('duplicates.undoUntil'), cell: (m) => (m.undoneAt ? '—' : formatDate(m.undoUntil)) },
      ]}
    />
  );
}

/**
 * `/admin/duplicates` (docs/product-rules.md, "Duplicates"): likely duplicate parents with their reasons, the merge
 * screen, and the merges that can still be undone. The admin check is AdminGate's (app/router.tsx).
 */
export function DuplicatesPage() {
  const { t } = useTranslation();
  const errorText = useErrorText('duplicates.error');
  const duplicates = useDuplicates();
  const undoMerge = useUndoMerge();
  const [picked, setPicked] = useState<DuplicatePair | null>(null);
  const [flash, setFlash] = useState<FlashbarProps.MessageDefinition[]>([]);
  const say = (type: FlashbarProps.Type, content: string) =>
    setFlash([{ type, content, dismissible: true, dismissLabel: t('duplicates.cancel'), onDismiss: () => setFlash([]), id: 'result' }]);
  // The list is read again by the mutation (it names duplicatesKey) before the message shows.
  // One at a time: a double tap's second call reached the server after the first had undone the merge, and its 409
  // was said as if the undo had failed (a trial's).
  const once = useOneAtATime();
  const undo = (merge: MergeSummary) =>
    void once(() =>
      undoMerge.mutateAsync(merge.id).then(
        () => say('success', t('duplicates.undoneMessage', { other: merge.otherName, kept: merge.keepName })),
        (e: unknown) => say('error', errorText(e)),
      ),
    );
  const merged = (response: MergeResponse) => {
    setPicked(null);
    say('success', t('duplicates.mergedMessage', { name: `${response.record.firstName} ${response.record.lastName}` }));
  };
  const undoing = undoMerge.isPending ? undoMerge.variables : undefined;
  // The merge screen replaces the list at the top of the page: a phone left scrolled down the list opened it half-way
  // through its preview, the field choices and the merge button out of sight (a trial's). Its top is shown.
  useEffect(() => {
    if (picked) window.scrollTo({ top: 0 });
  }, [picked]);
  return (
    <PageFrame title={t('duplicates.title')} description={t('duplicates.description')}>
      <SpaceBetween size="l">
        <Flashbar items={flash} />
        {picked ? (
          <MergeForm pair={picked} onCancel={() => setPicked(null)} onMerged={merged} />
        ) : (
          <QueryState query={duplicates} loadingText={t('duplicates.list')} genericKey="duplicates.error">
            {(data) => (
              <>
                <PairCards pairs={data.pairs} onPick={(pair) => (setFlash([]), setPicked(pair))} />
                <MergeTable merges={data.merges} undoing={undoing} onUndo={undo} />
              </>
            )}
          </QueryState>
        )}
      </SpaceBetween>
    </PageFrame>
  );
}
