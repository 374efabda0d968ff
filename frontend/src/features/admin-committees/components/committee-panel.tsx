import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Toggle from '@cloudscape-design/components/toggle';
import { COMMITTEE_KIND_LABELS } from '@shared/rules/import-values';
import type { CommitteeRow, Seat } from '../../../lib/committees/committee-rows';
import { roleLabel } from '../../../lib/directory/labels';
import { formatLongDate } from '../../../lib/date-time';
import { useLanguage } from '../../../lib/use-language';

function SeatLine({ seat }: { seat: Seat }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const details = [roleLabel(seat.role, lang), t(`adminCommittees.who.${seat.who}`)];
  if (seat.signedUpAt) details.push(t('adminCommittees.signedUpOn', { date: formatLongDate(seat.signedUpAt, lang) }));
  return (
    <li>
      <Box variant="strong" display="inline">{seat.name}</Box>
      <Box variant="small" display="block" color="text-body-secondary">{details.join(' · ')}</Box>
    </li>
  );
}

/**
 * One committee on the committees screen: its kind, whether parents may sign up (a switch, saved at once), and
 * its members with their roles, folded so that ten committees fit a phone's screen.
 */
export function CommitteePanel({ row, saving, onToggle }: {
  row: CommitteeRow;
  saving: boolean;
  /** Saves the choice; `settled` is called once the save and the refetch after it are done, or the save failed. */
  onToggle: (open: boolean, settled: () => void) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { committee, seats } = row;
  // The switch shows the choice from the click until the save settles (then the committee as read again, or as it
  // was if the save failed): it no longer sits in its old position, disabled, for the whole save.
  const [wanted, setWanted] = useState<boolean>();
  const open = wanted ?? row.open;
  // Read again as wanted: done, even when the save's own callback was superseded (another committee switched meanwhile).
  useEffect(() => {
    if (row.open === wanted) setWanted(undefined);
  }, [row.open, wanted]);
  const kind = COMMITTEE_KIND_LABELS[committee.kind][lang];
  return (
    <div data-testid={`committee-${committee.id}`}>
      <Container
        header={
          <Header variant="h2" description={[kind, committee.description?.[lang]].filter(Boolean).join(' · ')}>
            {committee.name[lang]}
          </Header>
        }
      >
        <SpaceBetween size="s">
          <SpaceBetween size="xs" direction="horizontal" alignItems="center">
            <Toggle
              checked={open}
              disabled={saving}
              onChange={({ detail }) => {
                setWanted(detail.checked);
                onToggle(detail.checked, () => setWanted(undefined));
              }}
              description={t('adminCommittees.openHint')}
              // One switch per committee on the page: its name says which (the visible label first, as read aloud).
              ariaLabel={t('adminCommittees.openLabelFor', { committee: committee.name[lang] })}
            >
              {t('adminCommittees.openLabel')}
            </Toggle>
          </SpaceBetween>
          {saving ? (
            <StatusIndicator type="loading">{t('adminCommittees.saving')}</StatusIndicator>
          ) : (
            <StatusIndicator type={open ? 'success' : 'stopped'}>{t(open ? 'adminCommittees.open' : 'adminCommittees.closed')}</StatusIndicator>
          )}
          <ExpandableSection headerText={t('adminCommittees.members', { count: seats.length })}>
            {seats.length === 0 ? (
              <Box color="text-body-secondary">{t('adminCommittees.noMembers')}</Box>
            ) : (
              <ul className="committee-seats" style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
                {seats.map((seat) => <SeatLine key={seat.key} seat={seat} />)}
              </ul>
            )}
          </ExpandableSection>
        </SpaceBetween>
      </Container>
    </div>
  );
}
