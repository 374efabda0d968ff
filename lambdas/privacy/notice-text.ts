import { ofSchoolFr } from '@shared/format/french';
import { formatPhone } from '@shared/format/phone';
import {
  noticeVersionOf,
  type NoticeDocument,
  type PrivacyNoticeResponse,
} from '@shared/contracts/privacy-api';

/**
 * The privacy policy and the short notice, in French and English, built from the school's settings (docs/privacy.md).
 * Pure: the same inputs always give the same text, so its version can be derived from them.
 */
export interface NoticeInput {
  /** Empty when the school has no settings yet: the text then says "the school". */
  schoolName: string;
  contactEmail?: string;
  contactPhone?: string;
  /** The settings' version, or 0 when the school has no settings yet. */
  settingsVersion: number;
  /** The AWS region the data lives in (the functions' own region). */
  region: string;
}

type Lang = 'fr' | 'en';

const REGION_NAMES: Record<string, Record<Lang, string>> = {
  'ca-central-1': { fr: 'Canada (Centre), à Montréal, au Québec', en: 'Canada (Central), in Montréal, Québec' },
  // Outside Québec: the notice must say so (communication outside Québec, docs/privacy.md).
  'ca-west-1': { fr: "Canada (Ouest), à Calgary, à l'extérieur du Québec", en: 'Canada (West), in Calgary, outside Québec' },
};

function regionName(region: string, lang: Lang): string {
  return REGION_NAMES[region]?.[lang] ?? region;
}

/** How to reach the person in charge: the school's contact email and phone, or the school office. */
function contactLine(input: NoticeInput, lang: Lang): string {
  const ways = [
    input.contactEmail,
    input.contactPhone ? formatPhone(input.contactPhone) : undefined,
  ].filter((way): way is string => way !== undefined);
  if (ways.length === 0) {
    return lang === 'fr' ? "en passant par le secrétariat de l'école" : 'through the school office';
  }
  return lang === 'fr' ? `à ${ways.join(' ou au ')}` : `at ${ways.join(' or ')}`;
}

function french(input: NoticeInput): NoticeDocument {
  const ofSchool = input.schoolName ? ofSchoolFr(input.schoolName) : "de l'école";
  return {
    title: 'Politique de confidentialité',
    short:
      `Le comité de parents ${ofSchool} utilise ces renseignements pour le bottin de l'école, visible seulement ` +
      'par les parents et le personnel inscrits, et vous choisissez ce que les autres voient.',
    sections: [
      {
        id: 'responsible',
        heading: 'Personne responsable',
        paragraphs: [
          `Le bottin ${ofSchool} est tenu par le comité de parents de l'école. La personne responsable de la ` +
            'protection des renseignements personnels est la présidence du comité; on la joint ' +
            `${contactLine(input, 'fr')}.`,
        ],
      },
      {
        id: 'collected',
        heading: 'Renseignements recueillis',
        paragraphs: [
          "Pour les parents : nom, courriel, téléphone, adresse, champs d'intérêt et compétences, langue préférée et " +
            'rôles dans les comités. Pour les élèves : nom, niveau et classe. Pour le personnel : nom, titre, ' +
            'service, coordonnées professionnelles et rôles dans les comités.',
        ],
      },
      {
        id: 'purposes',
        heading: 'Fins',
        paragraphs: [
          'Permettre aux familles et au personnel de se joindre, faire vivre les comités et trouver des bénévoles, ' +
            "tenir les renseignements à jour une fois par an et passer les élèves à l'année scolaire suivante.",
          'Les renseignements ne sont ni vendus, ni prêtés, ni utilisés pour de la publicité.',
          "Messages : l'école, son comité de parents, les représentants de classe et la présidence des comités " +
            "peuvent écrire par le bottin aux parents concernés. Chaque courriel part à une seule personne, sans " +
            "aucune autre adresse; l'adresse sert, elle n'est jamais montrée. Chacun choisit dans Mon profil (ou dans le " +
            "formulaire de mise à jour annuelle) les messages qu'il accepte par courriel (tous acceptés au départ, " +
            "aucun n'est commercial), se désabonne " +
            "d'un clic depuis chaque courriel, et lit toujours les messages dans le bottin. Chaque choix est inscrit " +
            "dans l'historique des choix de confidentialité.",
          `Familles près de chez moi (covoiturage)\u00a0: désactivé tant que le parent ne l'active pas. Activé, il voit ` +
            'les autres familles qui l\'ont aussi activé et dont le code postal commence par les mêmes trois caractères, ' +
            'avec les classes de leurs enfants et seulement les coordonnées que leurs choix lui montrent déjà, et peut ' +
            "leur écrire par le bottin. Aucune carte, aucune géolocalisation. Le désactiver (dans Mon profil, ou d'un clic " +
            "depuis un courriel d'une famille voisine) retire aussitôt la famille des listes; chaque choix est " +
            "inscrit dans l'historique des choix de confidentialité.",
        ],
      },
      {
        id: 'audience',
        heading: 'Qui voit quoi',
        paragraphs: [
          "Seuls les parents et les membres du personnel inscrits, une fois connectés, voient le bottin. Chaque parent " +
            'choisit sa participation : complète (tout ce qui est au dossier), limitée (nom, courriel et ' +
            'téléphone) ou nom seulement (nom et courriel; le reste est effacé). Il peut ensuite choisir, pour son ' +
            "courriel, son téléphone, son adresse et ses intérêts, qui les voit : toute l'école, les parents des " +
            'classes de ses enfants et le personnel, ou les administrateurs seulement. Un parent ajouté sans choix ' +
            "connu ne montre aux autres que son nom et son courriel jusqu'à ce qu'il choisisse.",
          'Les administrateurs, des bénévoles nommés par le comité, voient tout le dossier pour le tenir à jour.',
        ],
      },
      ...frenchKeeping(input),
    ],
  };
}

function english(input: NoticeInput): NoticeDocument {
  const school = input.schoolName || 'the school';
  return {
    title: 'Privacy policy',
    short:
      `The parent committee of ${school} uses this information for the school directory, which only registered ` +
      'parents and staff can see, and you choose what others see.',
    sections: [
      {
        id: 'responsible',
        heading: 'Person in charge',
        paragraphs: [
          `The directory of ${school} is kept by the school's parent committee. The person in charge of the ` +
            "protection of personal information is the committee's chair; reach them " +
            `${contactLine(input, 'en')}.`,
        ],
      },
      {
        id: 'collected',
        heading: 'What we collect',
        paragraphs: [
          'For parents: name, email, phone, address, interests and skills, preferred language and committee roles. ' +
            'For students: name, level and class. For staff: name, title, department, work contact details and ' +
            'committee roles.',
        ],
      },
      {
        id: 'purposes',
        heading: 'Purposes',
        paragraphs: [
          'To let families and staff reach each other, to run the committees and find volunteers, to keep the ' +
            'information current once a year, and to move students to the next school year.',
          'The information is never sold, lent or used for advertising.',
          "Messages: the school, its parent committee, class representatives and committee chairs may write " +
            'through the directory to the parents concerned. Each email goes to one person, with no other ' +
            'address; the address is used, never shown. Each person chooses in My Profile (or in the annual update ' +
            'form) which messages they ' +
            'accept by email (all accepted at first; none is commercial), unsubscribes in one click from each ' +
            'email, and always reads the messages in the directory. Each choice is written in the history of ' +
            'privacy choices.',
          'Families near me (carpooling): off until the parent turns it on. When on, they see the other families ' +
            'who also turned it on and whose postal code starts with the same three characters, with their ' +
            "children's classes and only the contact details those families' choices already show them, and may " +
            'write to them through the directory. No map, no geolocation. Turning it off (in My Profile, or in one ' +
            "click from a neighbouring family's email) removes the family from the lists at once; each choice is " +
            'written in the history of privacy choices.',
        ],
      },
      {
        id: 'audience',
        heading: 'Who sees what',
        paragraphs: [
          'Only registered parents and staff, once signed in, see the directory. Each parent chooses their ' +
            'participation: full (everything on file), limited (name, email and phone) or name only (name and ' +
            'email; the rest is erased). They can then choose who sees their email, phone, address and interests: ' +
            "the whole school, the parents of their children's classes and the staff, or administrators only. A " +
            'parent added without a known choice shows others only their name and email until they choose.',
          'Administrators, volunteers appointed by the committee, see the whole record in order to keep it current.',
        ],
      },
      ...englishKeeping(input),
    ],
  };
}

/** Where the information is kept, for how long, and what the person can do about it. */
function frenchKeeping(input: NoticeInput): NoticeDocument['sections'] {
  return [
    {
      id: 'storage',
      heading: 'Où sont conservés les renseignements',
      paragraphs: [
        `Sur les serveurs d'Amazon Web Services de la région ${regionName(input.region, 'fr')}, chiffrés au ` +
          'repos. Les courriels partent de la même région.',
      ],
    },
    {
      id: 'retention',
      heading: 'Durée de conservation',
      paragraphs: [
        "Tant qu'un enfant de la famille fréquente l'école. Au passage à l'année suivante, le dossier d'un " +
          "parent dont aucun enfant ne reste à l'école est effacé, sauf si un administrateur décide de le " +
          "garder. Les copies de sauvegarde automatiques s'effacent d'elles-mêmes après 35 jours. Les messages " +
          "et la trace de leur envoi sont effacés à la fin de l'année scolaire qui suit celle de leur envoi.",
      ],
    },
    {
      id: 'rights',
      heading: 'Vos droits',
      paragraphs: [
        'Vous pouvez consulter et corriger vos renseignements dans Mon profil ou par le lien de mise à jour ' +
          "annuel, et choisir « nom seulement » à tout moment. Pour une demande d'accès, de rectification ou de " +
          `suppression, écrivez à la personne responsable ${contactLine(input, 'fr')}; elle répond dans les 30 jours.`,
      ],
    },
    {
      id: 'complaints',
      heading: 'Plaintes',
      paragraphs: [
        "Adressez d'abord votre plainte à la personne responsable. Si la réponse ne vous satisfait pas, vous " +
          "pouvez vous adresser à la Commission d'accès à l'information du Québec.",
      ],
    },
  ];
}

/** Where the information is kept, for how long, and what the person can do about it. */
function englishKeeping(input: NoticeInput): NoticeDocument['sections'] {
  return [
    {
      id: 'storage',
      heading: 'Where the information is kept',
      paragraphs: [
        `On Amazon Web Services servers in the ${regionName(input.region, 'en')} region, encrypted at rest. ` +
          'Emails are sent from the same region.',
      ],
    },
    {
      id: 'retention',
      heading: 'How long it is kept',
      paragraphs: [
        "As long as a child of the family attends the school. At the move to the next school year, the record of a " +
          'parent with no child left at the school is erased, unless an administrator decides to keep it. ' +
          'Automatic backup copies erase themselves after 35 days. Messages and the record of their sending are ' +
          'erased at the end of the school year after the one they were sent in.',
      ],
    },
    {
      id: 'rights',
      heading: 'Your rights',
      paragraphs: [
        'You can see and correct your information in My Profile or through the yearly update link, and choose ' +
          '"name only" at any time. For a request to access, correct or delete your information, write to the ' +
          `person in charge ${contactLine(input, 'en')}; they answer within 30 days.`,
      ],
    },
    {
      id: 'complaints',
      heading: 'Complaints',
      paragraphs: [
        'Address your complaint to the person in charge first. If their answer does not satisfy you, you may turn ' +
          "to Québec's Commission d'accès à l'information.",
      ],
    },
  ];
}

export function buildPrivacyNotice(input: NoticeInput): PrivacyNoticeResponse {
  return {
    version: noticeVersionOf(input.settingsVersion),
    fr: french(input),
    en: english(input),
  };
}
