import { useCallback, useId, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ofName } from '@shared/format/french';
import type { DirectoryIndex } from '../../lib/directory/directory-index';
import { parentCard } from '../../lib/directory/contacts';
import { fullName } from '../../lib/directory/names';
import { studentDetails, summarizeStudent } from '../../lib/directory/student-info';
import { useLanguage } from '../../lib/use-language';
import { useModalDismiss } from '../confirm-dialog/modal-dismiss';
import { AddToContacts } from './add-to-contacts';
import { ContactDetails } from './contact-details';
import styles from './parent-card.module.css';

/** `tel:` and `sms:` want the international form: +1 and the 10 digits (as contact-details.tsx). */
const international = (digits: string) => `+1${digits}`;

/** Call, text, write: one tap each, for the details this viewer received. */
function Actions({ email, phone, name }: { email?: string; phone?: string; name: string }) {
  const { t } = useTranslation();
  if (!email && !phone) return null;
  return (
    <SpaceBetween direction="horizontal" size="xs">
      {phone && (
        <Button href={`tel:${international(phone)}`} iconName="call" ariaLabel={t('directory.parentCard.callOne', { name })}>
          {t('directory.parentCard.call')}
        </Button>
      )}
      {phone && (
        <Button href={`sms:${international(phone)}`} iconName="contact" ariaLabel={t('directory.parentCard.textOne', { name })}>
          {t('directory.parentCard.text')}
        </Button>
      )}
      {email && (
        <Button href={`mailto:${email}`} iconName="envelope" ariaLabel={t('directory.parentCard.emailOne', { name })}>
          {t('directory.parentCard.email')}
        </Button>
      )}
    </SpaceBetween>
  );
}

/**
 * A parent's card, opened from their name (a class, the home page's representatives): call (`tel:`), text
 * (`sms:`), write (`mailto:`), copy each detail, add to contacts. It shows the directory response as the server
 * filtered it for this viewer (shared/rules/visibility.ts): no rule of its own, so a hidden detail is simply absent.
 */
export function ParentCardModal({ index, parentIndex, onDismiss }: {
  index: DirectoryIndex;
  parentIndex: number | null;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const dismiss = useModalDismiss(parentIndex !== null, onDismiss);
  const parent = parentIndex === null ? undefined : index.directory.parents[parentIndex];
  if (!parent) return null;
  const name = fullName(parent);
  const children = parent.childIndexes.map((c) => summarizeStudent(index, c, lang));
  const school = index.directory.school?.name;
  return (
    <Modal
      visible
      onDismiss={dismiss}
      header={name}
      closeAriaLabel={t('directory.parentCard.close')}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onDismiss}>
            {t('directory.parentCard.close')}
          </Button>
        </Box>
      }
    >
      <SpaceBetween size="m">
        {children.length > 0 && (
          <div>
            <Box variant="awsui-key-label">{`Parent ${ofName(children.map((child) => child.name).join(', '), lang)}`}</Box>
            {children.map((child) => (
              <Box key={child.index} variant="small" display="block" color="text-body-secondary">
                {child.name} · {studentDetails(child)}
              </Box>
            ))}
          </div>
        )}
        <Actions email={parent.email} phone={parent.phone} name={name} />
        {parent.email || parent.phone || parent.address ? (
          <ContactDetails email={parent.email} phone={parent.phone} address={parent.address} />
        ) : (
          <Box color="text-body-secondary">{t('directory.parentCard.nothingShared')}</Box>
        )}
        <AddToContacts
          label={t('directory.contacts.add')}
          ariaLabel={t('directory.contacts.addOne', { name })}
          fileName={name}
          cards={() => [parentCard(parent, children, school, lang)]}
        />
      </SpaceBetween>
    </Modal>
  );
}

/** A parent's name that opens their card: a link-styled button, reachable by keyboard. */
export function ParentName({ name, onOpen, children }: { name: string; onOpen: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <span className={styles.name}>
      <Link onFollow={onOpen} ariaLabel={t('directory.parentCard.open', { name })}>
        {children ?? name}
      </Link>
    </span>
  );
}

/** The history entry's note of an open card: which list opened it (a page may hold several) and which parent. */
interface CardState {
  parentCard?: { owner: string; parentIndex: number };
}

/**
 * The card's state for a list of names: which parent is open, and the modal to render once. An open card is a step
 * in the history (the same address, the card noted in the entry's state): the phone's or the browser's Back closes
 * the card and stays on the page, as it closes a dialog in other apps; the card's own Close goes back that step.
 */
export function useParentCard(index: DirectoryIndex) {
  const owner = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as CardState | null;
  const shown = state?.parentCard?.owner === owner ? state.parentCard.parentIndex : null;
  const open = useCallback(
    (parentIndex: number) =>
      void navigate(
        { pathname: location.pathname, search: location.search, hash: location.hash },
        { state: { ...state, parentCard: { owner, parentIndex } } satisfies CardState },
      ),
    [navigate, location.pathname, location.search, location.hash, state, owner],
  );
  const close = useCallback(() => void navigate(-1), [navigate]);
  const modal = <ParentCardModal index={index} parentIndex={shown} onDismiss={close} />;
  return { open, modal };
}
