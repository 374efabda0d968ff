import { useCallback, useContext, useRef, type CSSProperties, type ReactNode } from 'react';
import { I18nContext } from 'react-i18next';
import { formatPhone } from '@shared/format/phone';
import { formatPostalCode } from '@shared/format/postal-code';
import type { Address } from '@shared/schemas/common';
import { formatAddress } from '../../lib/directory/address';
import { Highlight } from './highlight';
import { CopyButton } from './copy-button';
import { TextScope } from './text-scope';

/**
 * A contact line: the copy button, then the text beside it. Long emails and addresses wrap inside a 375 px card
 * instead of pushing the page sideways, and wrap beside the button (a hanging indent), not under it: the button is
 * not left alone on a line above a long email.
 */
const LINE: CSSProperties = { display: 'flex', alignItems: 'flex-start', overflowWrap: 'anywhere' };
const LINE_TEXT: CSSProperties = { minWidth: 0 };

/** A phone number or a postal code is read as one piece: it never breaks across two lines of a narrow cell. */
export const NO_WRAP: CSSProperties = { whiteSpace: 'nowrap' };

/** `tel:` wants the international form: +1 and the 10 digits. */
const telHref = (digits: string) => `tel:+1${digits}`;

export interface ContactDetailsProps {
  email?: string;
  phone?: string;
  address?: Address;
  /** Highlight the query of the search list around it (HighlightQuery) in the email. */
  matchEmail?: boolean;
  /** A person's phone takes text messages; an office's line does not (the school's card). */
  textable?: boolean;
}

/** 4 px between lines: each line's 24 px copy button then sits 24 px from the next one's, never over it. */
const LINES: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 4 };

interface ContactLabels {
  copyEmail: string;
  copyPhone: string;
  copyAddress: string;
  copied: string;
  copyFailed: string;
  text: string;
  textTo: (phone: string) => string;
}

/**
 * The same labels for every contact block: translated once per language, not once per row. Read through
 * the i18n context rather than useTranslation, which costs a subscription per block; a language change
 * re-renders the lists around these blocks anyway.
 */
const labelCache = new Map<string, ContactLabels>();
function useContactLabels(): ContactLabels {
  const { i18n } = useContext(I18nContext);
  let labels = labelCache.get(i18n.language);
  if (!labels) {
    const t = i18n.getFixedT(i18n.language);
    labels = {
      copyEmail: t('directory.contact.copyEmail'),
      copyPhone: t('directory.contact.copyPhone'),
      copyAddress: t('directory.contact.copyAddress'),
      copied: t('directory.contact.copied'),
      copyFailed: t('directory.contact.copyFailed'),
      text: t('directory.contact.text'),
      textTo: (phone: string) => t('directory.contact.textTo', { phone }),
    };
    labelCache.set(i18n.language, labels);
  }
  return labels;
}

/**
 * One contact line: a copy button, then the text (a link, or the address). In a search list the line is
 * re-rendered at every keystroke; the button is not (it reads the current text when clicked).
 */
function ContactLine({ copy, display, ariaLabel, labels }: {
  copy: string;
  display: ReactNode;
  ariaLabel: string;
  labels: ContactLabels;
}) {
  const text = useRef(copy);
  text.current = copy;
  const read = useCallback(() => text.current, []);
  return (
    <div style={LINE}>
      <CopyButton read={read} ariaLabel={ariaLabel} labels={labels} />
      <span style={LINE_TEXT}>{display}</span>
    </div>
  );
}

/**
 * Email (`mailto:`), phone (`tel:`, shown `514 555-1234`) and address (postal code `H2X 1Y4`), each with a copy
 * button. Only what the directory sent is shown: a hidden field is simply absent. Plain links styled by a
 * TextContent (TextScope): a search list re-renders dozens of these per keystroke.
 */
export function ContactDetails({ email, phone, address, matchEmail = false, textable = true }: ContactDetailsProps) {
  const labels = useContactLabels();
  if (!email && !phone && !address) return null;
  return (
    <TextScope>
      <div style={LINES}>
        {email && (
          <ContactLine
            labels={labels}
            copy={email}
            ariaLabel={labels.copyEmail}
            display={
              <a href={`mailto:${email}`}>
                {matchEmail ? <Highlight text={email} /> : email}
              </a>
            }
          />
        )}
        {phone && (
          <ContactLine
            labels={labels}
            copy={formatPhone(phone)}
            ariaLabel={labels.copyPhone}
            display={
              <>
                <a href={telHref(phone)} style={NO_WRAP}>
                  {formatPhone(phone)}
                </a>
                {/* A text message from every list, not only from the contact card (a trial found no way to text from
                    Parents or Students on a phone). */}
                {textable && (
                  <>
                    {' · '}
                    <a href={`sms:+1${phone}`} aria-label={labels.textTo(formatPhone(phone))}>
                      {labels.text}
                    </a>
                  </>
                )}
              </>
            }
          />
        )}
        {address && (
          <ContactLine
            labels={labels}
            copy={formatAddress(address)}
            ariaLabel={labels.copyAddress}
            display={
              <span>
                {address.street}, {address.city} <span style={NO_WRAP}>{formatPostalCode(address.postalCode)}</span>
              </span>
            }
          />
        )}
      </div>
    </TextScope>
  );
}
