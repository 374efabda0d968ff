import { createContext, useContext, type ReactNode } from 'react';
import TextContent from '@cloudscape-design/components/text-content';

/**
 * Cloudscape's TextContent styles the plain HTML inside it (links, small print, headings). Blocks that need it
 * wrap themselves in one, unless a list around them already did: a result page then has one TextContent, not
 * two per row (every Cloudscape component costs a little at each keystroke).
 */
const InsideTextContent = createContext(false);

export function TextScope({ children }: { children: ReactNode }) {
  const inside = useContext(InsideTextContent);
  if (inside) return <>{children}</>;
  return (
    <InsideTextContent.Provider value>
      <TextContent>{children}</TextContent>
    </InsideTextContent.Provider>
  );
}
