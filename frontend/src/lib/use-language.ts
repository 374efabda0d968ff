import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/schemas/common';
import { currentLocale } from '../i18n/i18n';
import { isMobileBreakpoint } from '../components/layout/breakpoints';
import { useBreakpoint } from '../components/layout/use-breakpoint';

/** The UI language, to pick the fr or en side of the directory's bilingual labels. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return currentLocale(i18n);
}

/** Below 1280 px (docs/product-rules.md, "Constants"): cards instead of wide tables. */
export function useIsMobile(): boolean {
  return isMobileBreakpoint(useBreakpoint());
}
