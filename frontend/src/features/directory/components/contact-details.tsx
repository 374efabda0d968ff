import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
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

/**
 * Email (`mailto:`), phone (`tel:`, shown `514 555-1234`) and address (postal code `H2X 1Y4`), each with a copy
 * button. Only what the directory sent is shown: a hidden field is simply absent.
 */
export function ContactDetails({ email, phone, address, query = '' }: ContactDetailsProps) {
  const { t } = useTranslation();
  const copyTexts = { copySuccessText: t('directory.contact.copied'), copyErrorText: t('directory.contact.copyFailed') };
  if (!email && !phone && !address) return null;
  return (
    <SpaceBetween size="xxxs">
      {email && (
        <span style={WRAP_ANYWHERE}>
          <CopyToClipboard
            variant="inline"
            textToCopy={email}
            textToDisplay={
              <Link href={`mailto:${email}`} ariaLabel={t('directory.contact.emailTo', { email })}>
                <Highlight text={email} query={query} />
              </Link>
            }
            copyButtonAriaLabel={t('directory.contact.copyEmail')}
            {...copyTexts}
          />
        </span>
      )}
      {phone && (
        <CopyToClipboard
          variant="inline"
          textToCopy={formatPhone(phone)}
          textToDisplay={
            <Link href={telHref(phone)} ariaLabel={t('directory.contact.call', { phone: formatPhone(phone) })}>
              {formatPhone(phone)}
            </Link>
          }
          copyButtonAriaLabel={t('directory.contact.copyPhone')}
          {...copyTexts}
        />
      )}
      {address && (
        <span style={WRAP_ANYWHERE}>
          <CopyToClipboard
            variant="inline"
            textToCopy={formatAddress(address)}
            textToDisplay={<Box variant="span">{formatAddress(address)}</Box>}
            copyButtonAriaLabel={t('directory.contact.copyAddress')}
            {...copyTexts}
          />
        </span>
      )}
    </SpaceBetween>
  );
}
