import type { Language } from '@shared/schemas/common';

/** Made once per language: building an Intl.NumberFormat costs far more than formatting with it. */
const FORMATS: Record<Language, Intl.NumberFormat> = {
  fr: new Intl.NumberFormat('fr-CA', { style: 'percent', maximumFractionDigits: 1 }),
  en: new Intl.NumberFormat('en-CA', { style: 'percent', maximumFractionDigits: 1 }),
};

/**
 * A percentage as every screen writes it, to a tenth at most, in the reader's language: « 0,5 % » (a no-break space
 * before the sign), "0.5%". `value` is in percent (the campaign's `progress.percentage`, 0 to 100). The one format of a
 * campaign's answered share: the card, the dashboard and the participants manager once rounded it apart (« 1 % »
 * above « 2/420 (0,5 %) »).
 */
export const formatPercent = (value: number, lang: Language): string => FORMATS[lang].format(value / 100);
