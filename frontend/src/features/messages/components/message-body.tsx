import Link from '@cloudscape-design/components/link';
import { MESSAGE_LINK } from '@shared/contracts/messages-api';

/** One piece of a message's text: plain text, or an http(s) address shown as a link. */
export type BodyPiece = { kind: 'text'; text: string } | { kind: 'link'; url: string };

/** Whether an address found in the text is a web link: any other scheme stays plain text. */
function webAddress(candidate: string): boolean {
  try {
    const { protocol } = new URL(candidate);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** Cuts a message's text into plain text and web links, in order; nothing else of the text is interpreted. */
export function bodyPieces(text: string): BodyPiece[] {
  const pieces: BodyPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(MESSAGE_LINK)) {
    const url = match[0];
    if (!webAddress(url)) continue;
    if (match.index > last) pieces.push({ kind: 'text', text: text.slice(last, match.index) });
    pieces.push({ kind: 'link', url });
    last = match.index + url.length;
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) });
  return pieces;
}

/**
 * A message's text as written (plain text, line breaks kept), its web addresses clickable (docs/messages.md,
 * "In the app"). React renders the text as text nodes: tags in a message are shown, never interpreted; a link
 * opens in a new tab without handing this page to the site (rel="noopener noreferrer").
 */
export function MessageBody({ text }: { text: string }) {
  return (
    <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {bodyPieces(text).map((piece, index) =>
        piece.kind === 'text' ? (
          piece.text
        ) : (
          <Link key={index} href={piece.url} external rel="noopener noreferrer">
            {piece.url}
          </Link>
        ),
      )}
    </span>
  );
}
