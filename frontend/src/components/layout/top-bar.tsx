import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import TopNavigation, { type TopNavigationProps } from '@cloudscape-design/components/top-navigation';
import type { ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import { currentLocale } from '../../i18n/i18n';
import { useThemePreference } from '../theme/theme-context';
import { THEME_NAMES, parseThemeId, themeId } from '../theme/theme-preference';

/**
 * Header bar: app name, language switch (the other language's name, as bilingual Canadian sites do), theme, and
 * the account entry the auth layer provides (user menu with sign-out, or sign-in).
 */
export function TopBar({ accountUtility }: { accountUtility?: TopNavigationProps.Utility } = {}) {
  const { t, i18n } = useTranslation();
  const { theme, setTheme } = useThemePreference();
  const navigate = useNavigate();
  // Cloudscape calls the identity's onFollow without the link's href (its detail is empty): go home through the
  // router here, or the browser loads the whole app again (and a form's leave guard never hears of it).
  const goHome = (event: CustomEvent) => {
    event.preventDefault();
    void navigate('/');
  };
  const locale = currentLocale(i18n);
  const otherLocale = locale === 'fr' ? 'en' : 'fr';

  const themeItems = (dark: boolean): ButtonDropdownProps.CheckboxItem[] =>
    THEME_NAMES.map((name) => {
      const label = t(`theme.${name}`);
      return {
        id: themeId({ name, dark }),
        itemType: 'checkbox' as const,
        checked: theme.name === name && theme.dark === dark,
        text: dark ? t('theme.darkVariant', { name: label }) : label,
      };
    });

  const utilities: TopNavigationProps.Utility[] = [
    {
      type: 'button',
      text: t('language.switchTo'),
      ariaLabel: t('language.switchToAria'),
      iconName: 'globe',
      onClick: () => void i18n.changeLanguage(otherLocale),
    },
    {
      type: 'menu-dropdown',
      text: t('theme.selector'),
      iconName: 'settings',
      items: [
        { id: 'light', text: t('theme.light'), items: themeItems(false) },
        { id: 'dark', text: t('theme.dark'), items: themeItems(true) },
      ],
      onItemClick: ({ detail }) => {
        const chosen = parseThemeId(detail.id);
        if (chosen) setTheme(chosen);
      },
    },
  ];
  if (accountUtility) utilities.push(accountUtility);

  return (
    <TopNavigation
      identity={{ href: '/', title: t('app.name'), onFollow: goHome }}
      utilities={utilities}
      i18nStrings={{ overflowMenuTriggerText: t('topNav.more'), overflowMenuTitleText: t('topNav.moreTitle') }}
    />
  );
}
