import { memo } from 'react';
import { vCards, vcfFileName, type VCardPerson } from '@shared/format/vcard';
import { saveFile } from '../../lib/save-file';
import styles from './add-to-contacts.module.css';

/**
 * "Add to contacts": downloads a .vcf the phone's contacts app opens, with the cards `cards` builds from the
 * directory response (frontend/src/lib/directory/contacts.ts). Labels come from the list around it.
 *
 * A plain `<button>` drawn like Cloudscape's inline-link button with its download icon, not a Cloudscape Button:
 * the Parents search shows one per row, and a keystroke that changes who a row shows re-rendered each Button
 * (its class names, media queries and link checks) inside the keystroke's frame (docs/benchmarks.md, "Speed,
 * second pass"). Memoised: a row that keeps its person does not re-render it.
 */
export const AddToContacts = memo(function AddToContacts({ label, ariaLabel, fileName, cards }: {
  label: string;
  ariaLabel: string;
  /** The person's or the class's name: the file is named after it. */
  fileName: string;
  cards: () => VCardPerson[];
}) {
  return (
    <button
      type="button"
      className={styles.button}
      aria-label={ariaLabel}
      onClick={() => saveFile(vcfFileName(fileName), vCards(cards()), 'text/vcard;charset=utf-8')}
    >
      {label}
    </button>
  );
});
