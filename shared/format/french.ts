/**
 * "de" before a school's name, as French writes it: the name's first word decides the article and the elision
 * ("de l'École primaire des Érables", "du Collège Saint-Jean", "de la Polyvalente Lavigne", "d'Émile-Nelligan",
 * "de Sainte-Marie"). `apostrophe` is ' or ’ (the emails use the typographic one).
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

export function ofSchoolFr(name: string, apostrophe: "'" | '’' = "'"): string {
  const trimmed = name.trim();
  const article = ARTICLE_BY_FIRST_WORD[plain(trimmed.split(/[\s-]/)[0] ?? '')];
  if (article === 'l') return `de l${apostrophe}${trimmed}`;
  if (article) return `${article} ${trimmed}`;
  return /^[aeiouyh]/.test(plain(trimmed)) ? `d${apostrophe}${trimmed}` : `de ${trimmed}`;
}

/** "of" before a school's name in either language: "de l'École …" in French, "of École …" in English. */
export const ofSchool = (name: string, lang: 'fr' | 'en'): string => (lang === 'fr' ? ofSchoolFr(name) : `of ${name.trim()}`);
