import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { DirectoryCommittee } from '@shared/contracts/directory-api';
import { ContactDetails } from '../../../components/directory/contact-details';
import { useLanguage } from '../../../lib/use-language';
import type { DirectoryIndex } from '../../../lib/directory/directory-index';
import { roleLabel } from '../../../lib/directory/labels';
import { fullName } from '../../../lib/directory/names';
import { Highlight } from '../../../components/directory/highlight';

interface Member {
  key: string;
  name: string;
  role: string;
  detail?: string;
  email?: string;
}

function MemberList({ title, members, query }: { title: string; members: Member[]; query: string }) {
  const { t } = useTranslation();
  return (
    <SpaceBetween size="xs">
      <Box variant="awsui-key-label">
        {title} ({members.length})
      </Box>
      {members.length === 0 && <Box color="text-body-secondary">{t('directory.committees.none')}</Box>}
      {members.map((member) => (
        <div key={member.key}>
          <Box variant="strong">
            <Highlight text={member.name} query={query} />
          </Box>
          <Box variant="small" display="block" color="text-body-secondary">
            {[member.role, member.detail].filter(Boolean).join(' · ')}
          </Box>
          {member.email && <ContactDetails email={member.email} />}
        </div>
      ))}
    </SpaceBetween>
  );
}

/** A committee's members split into parents, staff and others (docs/product-rules.md), each in hierarchy order. */
export function CommitteeMembers({ index, committee, query }: {
  index: DirectoryIndex;
  committee: DirectoryCommittee;
  query: string;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { directory } = index;
  const parents: Member[] = committee.parents.map((seat) => {
    const parent = directory.parents[seat.parentIndex]!;
    return { key: `p${seat.parentIndex}`, name: fullName(parent), role: roleLabel(seat.role, lang), email: parent.email };
  });
  const staff: Member[] = committee.staff.map((seat) => {
    const member = directory.staff[seat.staffIndex]!;
    return {
      key: `s${seat.staffIndex}`,
      name: fullName(member),
      role: roleLabel(seat.role, lang),
      detail: member.title[lang],
      email: member.email,
    };
  });
  const others: Member[] = committee.others.map((other, i) => ({
    key: `o${i}`,
    name: fullName(other),
    role: roleLabel(other.role, lang),
    detail: other.affiliation,
  }));
  // Parents and staff always (« Aucun » says a committee has none); the others only when there are: most committees
  // have none, and eight « Autres membres (0) · Aucun » said nothing (a trial's).
  return (
    <ColumnLayout columns={others.length > 0 ? 3 : 2} variant="text-grid">
      <MemberList title={t('directory.committees.parents')} members={parents} query={query} />
      <MemberList title={t('directory.committees.staff')} members={staff} query={query} />
      {others.length > 0 && <MemberList title={t('directory.committees.others')} members={others} query={query} />}
    </ColumnLayout>
  );
}
