import type { DirectoryResponse } from '@shared/contracts/directory-api';
import { fullName } from './names';

/**
 * What the Committees search looks at: the committee's name in both languages and every member's name. The
 * Committees list and the home quick search both use it, so the quick search counts what the list will show.
 */
export function committeeSearchFields(directory: DirectoryResponse) {
  return (position: number) => {
    const committee = directory.committees[position]!;
    return [
      committee.name.fr,
      committee.name.en,
      ...committee.parents.map((seat) => fullName(directory.parents[seat.parentIndex]!)),
      ...committee.staff.map((seat) => fullName(directory.staff[seat.staffIndex]!)),
      ...committee.others.map(fullName),
    ];
  };
}
