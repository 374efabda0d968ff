import { useTranslation } from 'react-i18next';
import { MAIN_ID } from './layout-ids';
import './skip-link.css';

/**
 * "Aller au contenu principal", the first stop of the keyboard on every page (both frames): it moves the focus to the
 * main area, past the header and the navigation (15 stops before the Parents search box). The focus moves by script,
 * so the URL keeps no "#main-content" and the router sees no navigation.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className="skip-link"
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView({ block: 'start' });
      }}
    >
      {t('shell.skipToMain')}
    </a>
  );
}
