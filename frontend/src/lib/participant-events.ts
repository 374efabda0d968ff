import type { Language } from '@shared/schemas/common';

/**
 * One event of a parent's campaign history in words (the participants' « Historique », My data's file): the event,
 * how a form came (« par le lien du courriel »), a send's error name, and which kinds of information a review
 * decision was about (« Publié après révision : adresse et téléphone »), never their values.
 */
export function participantEventText(
  event: { event: string; via?: string; error?: string; fields?: string[] },
  t: (key: string) => string,
  lang: Language,
): string {
  // Short names in a sentence (« adresse et compétences »), as the parent's email says them, not the form's labels.
  const fields = (event.fields ?? []).map((field) => t(`annualUpdateAdmin.history.fields.${field}`));
  return [
    t(`annualUpdateAdmin.history.events.${event.event}`),
    fields.length ? `${lang === 'fr' ? '\u00a0:' : ':'} ${new Intl.ListFormat(lang, { type: 'conjunction' }).format(fields)}` : '',
    event.via ? ` ${t(`annualUpdateAdmin.history.via.${event.via}`)}` : '',
    event.error ? ` (${event.error})` : '',
  ].join('');
}
