import { useDeferredValue, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import TextContent from '@cloudscape-design/components/text-content';
import { formatPhone } from '../../../../../shared/format/phone';
import { formatPostalCode } from '../../../../../shared/format/postal-code';
import type { Address } from '../../../../../shared/schemas/common';
import { Highlight } from '../search/highlight';

/** Long addresses must wrap inside a 375 px card instead of pushing the page sideways. */
export const WRAP_ANYWHERE: CSSProperties = { overflowWrap: 'anywhere' };

export function formatAddress(address: Address): string {
  return `${address.street}, ${address.city} ${formatPostalCode(address.postalCode)}`;
}

/** `tel:` wants the international form: +1 and the 10 digits. */
const telHref = (digits: string) => `tel:+1${digits}`;

export interface ContactDetailsProps {
  email?: string;
  phone?: string;
  address?: Address;
  /** Search query to highlight in the email. */
  query?: string;
}

/** Room the copy button takes before the text (Cloudscape's inline icon button and its margin). */
const COPY_TRIGGER_WIDTH = 24;
const LINES: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 2 };

interface ContactLabels {
  copyEmail: string;
  copyPhone: string;
  copyAddress: string;
  copied: string;
  copyFailed: string;
}

/** The same five labels for every contact block of a list: translated once per language, not once per row. */
const labelCache = new Map<string, ContactLabels>();
function useContactLabels(): ContactLabels {
  const { t, i18n } = useTranslation();
  let labels = labelCache.get(i18n.language);
  if (!labels) {
    labels = {
      copyEmail: t('directory.contact.copyEmail'),
      copyPhone: t('directory.contact.copyPhone'),
      copyAddress: t('directory.contact.copyAddress'),
      copied: t('directory.contact.copied'),
      copyFailed: t('directory.contact.copyFailed'),
    };
    labelCache.set(i18n.language, labels);
  }
  return labels;
}

/**
 * One contact line: the copy button, then the text. The button (a Cloudscape CopyToClipboard: popover, button
 * and a clipboard permission query each) is the costliest thing in a search result row, so it is mounted in a
 * deferred render just after the row is painted: typing in a search paints its results within the frame, and
 * the buttons appear a moment later in space kept for them (no shift). React drops that deferred work when
 * the next keystroke comes first.
 */
function ContactLine({ copy, display, ariaLabel, ready, labels }: {
  copy: string;
  display: ReactNode;
  ariaLabel: string;
  ready: boolean;
  labels: ContactLabels;
}) {
  return (
    <div style={WRAP_ANYWHERE}>
      {ready ? (
        <CopyToClipboard
          variant="inline"
          textToCopy={copy}
          textToDisplay={display}
          copyButtonAriaLabel={ariaLabel}
          copySuccessText={labels.copied}
          copyErrorText={labels.copyFailed}
        />
      ) : (
        <>
          <span aria-hidden="true" style={{ display: 'inline-block', width: COPY_TRIGGER_WIDTH }} />
          {display}
        </>
      )}
    </div>
  );
}

/**
 * Email (`mailto:`), phone (`tel:`, shown `514 555-1234`) and address (postal code `H2X 1Y4`), each with a copy
 * button. Only what the directory sent is shown: a hidden field is simply absent. Plain links inside one
 * TextContent (Cloudscape's typography for plain HTML): a search list mounts dozens of these per keystroke.
 */
export function ContactDetails({ email, phone, address, query = '' }: ContactDetailsProps) {
  const labels = useContactLabels();
  // False in the render that mounts this block, true in the deferred render right after it.
  const ready = useDeferredValue(true, false);
  if (!email && !phone && !address) return null;
  return (
    <TextContent>
      <div style={LINES}>
        {email && (
          <ContactLine
            ready={ready}
            labels={labels}
            copy={email}
            ariaLabel={labels.copyEmail}
            display={
              <a href={`mailto:${email}`}>
                <Highlight text={email} query={query} />
              </a>
            }
          />
        )}
        {phone && (
          <ContactLine
            ready={ready}
            labels={labels}
            copy={formatPhone(phone)}
            ariaLabel={labels.copyPhone}
            display={<a href={telHref(phone)}>{formatPhone(phone)}</a>}
          />
        )}
        {address && (
          <ContactLine
            ready={ready}
            labels={labels}
            copy={formatAddress(address)}
            ariaLabel={labels.copyAddress}
            display={<span>{formatAddress(address)}</span>}
          />
        )}
      </div>
    </TextContent>
  );
}
