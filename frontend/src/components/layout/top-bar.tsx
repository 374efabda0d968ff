import { memo, useEffect, useMemo } from 'react';
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
 *
 * Memoised, and its props to TopNavigation keep their identity while the language, the theme and the account do:
 * TopNavigation measures every utility again (a hidden copy of the bar, getComputedStyle and a layout per item)
 * whenever its `utilities` array is a new one, and the shell renders again at every navigation. The campaign
 * journey's admin page spent 0.9 s of its 15 s of CPU in those measures (docs/testing.md, "Sixth pass").
 */
export const TopBar = memo(function TopBar({ accountUtility }: { accountUtility?: TopNavigationProps.Utility }) {
  const { t, i18n } = useTranslation();
  const { theme, setTheme } = useThemePreference();
  const navigate = useNavigate();
  const locale = currentLocale(i18n);

  const identity = useMemo<TopNavigationProps.Identity>(
    () => ({
      href: '/',
      title: t('app.name'),
      // Cloudscape calls the identity's onFollow without the link's href (its detail is empty): go home through the
      // router here, or the browser loads the whole app again (and a form's leave guard never hears of it).
      onFollow: (event: CustomEvent) => {
        event.preventDefault();
        void navigate('/');
      },
    }),
    [t, navigate],
  );

  const utilities = useMemo(() => {
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
    const all: TopNavigationProps.Utility[] = [
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
    if (accountUtility) all.push(accountUtility);
    return all;
  }, [t, i18n, locale, theme, setTheme, accountUtility]);

  const i18nStrings = useMemo(() => ({ overflowMenuTriggerText: t('topNav.more'), overflowMenuTitleText: t('topNav.moreTitle') }), [t]);

  // The switch is named in the other language (« Switch to English » on a French page): its own `lang` lets a screen
  // reader say it in that language's voice (TopNavigation takes no attribute for it; the button is found by its name).
  const switchLabel = t('language.switchToAria');
  const otherLocale = locale === 'fr' ? 'en' : 'fr';
  useEffect(() => {
    for (const button of document.querySelectorAll('[aria-label]')) {
      if (button.getAttribute('aria-label') === switchLabel) button.setAttribute('lang', otherLocale);
    }
  }, [switchLabel, otherLocale, utilities]);

  return <TopNavigation identity={identity} utilities={utilities} i18nStrings={i18nStrings} />;
});
