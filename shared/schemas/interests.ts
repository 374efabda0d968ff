import * as z from 'zod';
import type { LocalizedText } from './common';

/**
 * The fixed list of interest themes parents (and staff) tick so committees can recruit volunteers (docs/product-rules.md, Québec conventions).
 * Codes are stored; labels are shown. Adding a theme is additive; removing one needs a data migration.
 */
export const INTEREST_LABELS = {
  arts: { fr: 'Arts plastiques', en: 'Visual arts' },
  music: { fr: 'Musique', en: 'Music' },
  theatre: { fr: 'Théâtre', en: 'Theatre' },
  dance: { fr: 'Danse', en: 'Dance' },
  crafts: { fr: 'Bricolage et artisanat', en: 'Crafts' },
  sewing: { fr: 'Couture', en: 'Sewing' },
  cooking: { fr: 'Cuisine', en: 'Cooking' },
  gardening: { fr: 'Jardinage', en: 'Gardening' },
  environment: { fr: 'Environnement', en: 'Environment' },
  sports: { fr: 'Sports', en: 'Sports' },
  outdoors: { fr: 'Plein air', en: 'Outdoor activities' },
  coaching: { fr: 'Entraînement sportif', en: 'Sports coaching' },
  reading: { fr: 'Lecture', en: 'Reading' },
  writing: { fr: 'Écriture', en: 'Writing' },
  languages: { fr: 'Langues', en: 'Languages' },
  translation: { fr: 'Traduction', en: 'Translation' },
  science: { fr: 'Sciences', en: 'Science' },
  mathematics: { fr: 'Mathématiques', en: 'Mathematics' },
  technology: { fr: 'Informatique et techno', en: 'Computers and technology' },
  robotics: { fr: 'Robotique', en: 'Robotics' },
  photography: { fr: 'Photographie', en: 'Photography' },
  video: { fr: 'Vidéo', en: 'Video' },
  graphicDesign: { fr: 'Graphisme', en: 'Graphic design' },
  carpentry: { fr: 'Menuiserie', en: 'Carpentry' },
  history: { fr: 'Histoire et patrimoine', en: 'History and heritage' },
  fundraising: { fr: 'Collecte de fonds', en: 'Fundraising' },
  eventPlanning: { fr: "Organisation d'événements", en: 'Event planning' },
  accounting: { fr: 'Comptabilité', en: 'Accounting' },
  law: { fr: 'Droit', en: 'Law' },
  health: { fr: 'Santé et premiers soins', en: 'Health and first aid' },
  communications: { fr: 'Communications', en: 'Communications' },
  boardGames: { fr: 'Jeux de société et échecs', en: 'Board games and chess' },
} as const satisfies Record<string, LocalizedText>;

export type InterestCode = keyof typeof INTEREST_LABELS;
export const INTEREST_CODES = Object.keys(INTEREST_LABELS) as InterestCode[];
export const InterestCodeSchema = z.enum(INTEREST_CODES as [InterestCode, ...InterestCode[]]);

/** Interests are a set: duplicates are refused rather than silently stored twice. */
export const InterestsSchema = z
  .array(InterestCodeSchema)
  .max(INTEREST_CODES.length)
  .refine((codes) => new Set(codes).size === codes.length, { error: 'duplicate_interest' });
