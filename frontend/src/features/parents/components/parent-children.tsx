import TextContent from '@cloudscape-design/components/text-content';
import { Highlight } from '../../directory/search/highlight';
import { studentDetails, type StudentSummary } from '../../directory/model/student-info';

/**
 * Each child on two lines: the name, then level · class · teacher in small print. Plain HTML in one
 * TextContent: a search re-renders up to a page of these per keystroke.
 */
export function ParentChildren({ items, query }: { items: StudentSummary[]; query: string }) {
  return (
    <TextContent>
      {items.map((child) => (
        <div key={child.index} style={{ marginBlockEnd: 4 }}>
          <Highlight text={child.name} query={query} />
          <br />
          <small>{studentDetails(child)}</small>
        </div>
      ))}
    </TextContent>
  );
}
