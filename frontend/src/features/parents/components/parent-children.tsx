import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { Highlight } from '../../directory/search/highlight';
import { studentDetails, type StudentSummary } from '../../directory/model/student-info';

/** Each child on two lines: the name, then level · class · teacher. */
export function ParentChildren({ items, query }: { items: StudentSummary[]; query: string }) {
  return (
    <SpaceBetween size="xxs">
      {items.map((child) => (
        <div key={child.index}>
          <Box variant="span">
            <Highlight text={child.name} query={query} />
          </Box>
          <Box variant="small" display="block" color="text-body-secondary">
            {studentDetails(child)}
          </Box>
        </div>
      ))}
    </SpaceBetween>
  );
}
