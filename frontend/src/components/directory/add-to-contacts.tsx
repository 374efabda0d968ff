import Button from '@cloudscape-design/components/button';
import { vCards, vcfFileName, type VCardPerson } from '@shared/format/vcard';
import { saveFile } from '../../lib/save-file';

/**
 * "Add to contacts": downloads a .vcf the phone's contacts app opens, with the cards `cards` builds from the
 * directory response (frontend/src/lib/directory/contacts.ts). Labels come from the list around it.
 */
export function AddToContacts({ label, ariaLabel, fileName, cards }: {
  label: string;
  ariaLabel: string;
  /** The person's or the class's name: the file is named after it. */
  fileName: string;
  cards: () => VCardPerson[];
}) {
  return (
    <Button
      variant="inline-link"
      iconName="download"
      ariaLabel={ariaLabel}
      onClick={() => saveFile(vcfFileName(fileName), vCards(cards()), 'text/vcard;charset=utf-8')}
    >
      {label}
    </Button>
  );
}
