import { TextScope } from '../../../components/directory/text-scope';
import { Highlight } from '../../../components/directory/highlight';
import { studentDetails, type StudentSummary } from '../../../lib/directory/student-info';

/**
 * Each child on two lines: the name, then level · class · teacher in small print. Plain HTML (TextScope): a
 * search re-renders a page of these per keystroke.
 */
export function ParentChildren({ items }: { items: StudentSummary[] }) {
  return (
    <TextScope>
      {/* Keyed by position, like the rows around them (page-slots.ts). */}
      {items.map((child, position) => (
        <div key={position} style={{ marginBlockEnd: 4 }}>
          <Highlight text={child.name} />
          <br />
          <small>{studentDetails(child)}</small>
        </div>
      ))}
    </TextScope>
  );
}
