/**
 * "de" before a school's name, as French writes it: the name's first word decides the article and the elision
 * ("de l'École primaire des Érables", "du Collège Saint-Jean", "de la Polyvalente Lavigne", "d'Émile-Nelligan",
 * "de Sainte-Marie"). `apostrophe` is ' or ’: the app and its emails write the straight one (DOMAIN.md: one form).
 */
const ARTICLE_BY_FIRST_WORD: Record<string, 'l' | 'du' | 'de la'> = {
  ecole: 'l',
  academie: 'l',
  institut: 'l',
  externat: 'l',
  college: 'du',
  pensionnat: 'du',
  seminaire: 'du',
  centre: 'du',
  lycee: 'du',
  polyvalente: 'de la',
};

const plain = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Whether French elides "de" before this word: a vowel or a mute h ("d'Arnaud", "d'Émile", "d'Hugo"), and a y
 * sounded as a vowel ("d'Yves" but "de Yasmine", "de Yannick").
 */
export const elidesFr = (word: string): boolean => {
  const start = plain(word.trim());
  return /^[aeiouh]/.test(start) || /^y[^aeiouy]/.test(start);
};

/** "de" before a name that takes no article (a person, a place): "de Zoé", "d'Arnaud", "d'Émile". */
export function deFr(name: string, apostrophe: "'" | '’' = "'"): string {
  const trimmed = name.trim();
  return elidesFr(trimmed) ? `d${apostrophe}${trimmed}` : `de ${trimmed}`;
}

/** "of" before a person's name in either language: "d'Arnaud Roy", "de Zoé Roy" in French, "of Arnaud Roy" in English. */
export const ofName = (name: string, lang: 'fr' | 'en', apostrophe: "'" | '’' = "'"): string =>
  lang === 'fr' ? deFr(name, apostrophe) : `of ${name.trim()}`;

export function ofSchoolFr(name: string, apostrophe: "'" | '’' = "'"): string {
  const trimmed = name.trim();
  const article = ARTICLE_BY_FIRST_WORD[plain(trimmed.split(/[\s-]/)[0] ?? '')];
  if (article === 'l') return `de l${apostrophe}${trimmed}`;
  if (article) return `${article} ${trimmed}`;
  return deFr(trimmed, apostrophe);
}

/** "of" before a school's name in either language: "de l'École …" in French, "of École …" in English. */
export const ofSchool = (name: string, lang: 'fr' | 'en'): string => (lang === 'fr' ? ofSchoolFr(name) : `of ${name.trim()}`);
