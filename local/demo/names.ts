/**
 * Names and places for the demo school: a francophone Montréal school, with the accents, hyphens, apostrophes,
 * spaces and particles that search and forms must handle (François, Gagné-Côté, O'Neil, D'Amours, Da Silva),
 * and an anglophone minority. Every person is fictional; combinations are random.
 */
export const ADULT_FEMALE = [
  'Marie-Claude', 'Geneviève', 'Isabelle', 'Mélanie', 'Julie', 'Valérie', 'Annie', 'Nathalie', 'Émilie',
  'Catherine', 'Stéphanie', 'Véronique', 'Josée', 'Karine', 'Mélissa', 'Anne-Marie', 'Marie-Ève', 'Sophie',
  'Caroline', 'Marie-Hélène', 'Maude', 'Andrée-Anne', 'Noémie', 'Ariane', 'Frédérique', 'Gabrielle', 'Laurence',
  'Élise', 'Maïté', 'Chantal', 'Nadia', 'Yasmine', 'Amira', 'Samira', 'Thi Lan', 'Widlène', 'Roxanne', 'Ève',
];
export const ADULT_MALE = [
  'François', 'Mathieu', 'Jean-Philippe', 'Sébastien', 'Éric', 'Martin', 'Patrick', 'Stéphane', 'Frédéric',
  'Jérôme', 'Olivier', 'Pierre-Luc', 'Marc-André', 'Alexandre', 'Guillaume', 'Simon', 'Louis', 'Benoît', 'Hugo',
  'Maxime', 'Jean-François', 'Étienne', 'Nicolas', 'Yannick', 'Raphaël', 'Dominic', 'Félix', 'Luc', 'Joël',
  'Rémi', 'Karim', 'Mohamed', 'Minh', 'Jean-Robert', 'Carlos', 'Wei', 'Mathias',
];
export const CHILD_FEMALE = [
  'Zoé', 'Léa', 'Florence', 'Alice', 'Emma', 'Olivia', 'Charlotte', 'Béatrice', 'Rosalie', 'Juliette', 'Léonie',
  'Mia', 'Clara', 'Éloïse', 'Jade', 'Chloé', 'Maëlle', 'Anaïs', 'Camille', 'Marguerite', 'Romane', 'Laurie-Anne',
  'Marie-Soleil', 'Élodie', 'Inès', 'Maélie', 'Victoria', 'Adèle', 'Sofia', 'Lina',
];
export const CHILD_MALE = [
  'Félix', 'William', 'Thomas', 'Liam', 'Noah', 'Jacob', 'Léo', 'Nathan', 'Édouard', 'Émile', 'Louis', 'Raphaël',
  'Samuel', 'Zacharie', 'Antoine', 'Olivier', 'Théo', 'Éli', 'Mathis', 'Loïc', 'Benjamin', 'Charles', 'Alexis',
  'Xavier', 'Jérémie', 'Arnaud', 'Hugo', 'Gabriel', 'Adam', 'Jean-Simon',
];
export const LAST_NAMES = [
  'Tremblay', 'Gagnon', 'Roy', 'Côté', 'Bouchard', 'Gauthier', 'Morin', 'Lavoie', 'Fortin', 'Gagné', 'Ouellet',
  'Pelletier', 'Bélanger', 'Lévesque', 'Bergeron', 'Leblanc', 'Paquette', 'Girard', 'Simard', 'Boucher', 'Caron',
  'Beaulieu', 'Cloutier', 'Dubé', 'Poirier', 'Fournier', 'Lapointe', 'Leclerc', 'Lefebvre', 'Poulin', 'Thibault',
  'St-Pierre', 'Nadeau', 'Martin', 'Landry', 'Martel', 'Bédard', 'Grenier', 'Lessard', 'Bernier', 'Michaud',
  'Hébert', 'Desjardins', 'Couture', 'Turcotte', 'Lachance', 'Parent', 'Blais', 'Gosselin', 'Savard', 'Proulx',
  'Beaudoin', 'Demers', 'Perreault', 'Lemieux', 'Cyr', 'Dufour', 'Mercier', 'Bérubé', "D'Amours", "D'Anjou",
  "L'Heureux", "L'Écuyer", 'De Grandpré', 'Saint-Onge', 'Nguyen', 'Tran', 'Joseph', 'Jean-Baptiste', 'Haddad',
  'Khoury', 'Benali', 'Ben Ammar', 'Diallo', 'Da Silva', 'Rossi', 'Chen', 'Ferland-Dubé',
];
export const ENGLISH_FEMALE = ['Sarah', 'Emily', 'Jennifer', 'Megan', 'Jessica', 'Rachel', 'Claire', 'Fiona'];
export const ENGLISH_MALE = ['Michael', 'David', 'Ryan', 'Kevin', 'Andrew', 'Sean', 'Patrick', 'Daniel'];
export const ENGLISH_CHILD = ['Ava', 'Ethan', 'Owen', 'Nora', 'Isla', 'Jack', 'Lucas', 'Grace', 'Finn', 'Maya'];
export const ENGLISH_LAST_NAMES = [
  "O'Neil", "O'Brien", 'Smith', 'Murphy', 'MacDonald', 'Fitzgerald', 'Campbell', 'Walsh', 'Kelly', "O'Connor",
];

/** Streets near the school, written the Québec way: `4521, rue Fabre`. */
export const STREETS = [
  'rue Fabre', 'rue Boyer', 'avenue Papineau', 'rue Marquette', 'rue de Lanaudière', 'rue Chambord',
  'avenue Christophe-Colomb', 'rue Saint-Denis', "rue D'Iberville", 'boulevard Saint-Joseph Est', 'rue des Érables',
  'avenue du Mont-Royal Est', 'rue Rachel Est', 'rue Gilford', 'avenue De Lorimier', 'rue Bordeaux',
];

/** City and the first three characters (forward sortation area) of its postal codes. */
export const CITIES: readonly { city: string; prefixes: readonly string[] }[] = [
  { city: 'Montréal', prefixes: ['H2H', 'H2J', 'H2G', 'H1Y', 'H2K', 'H2L'] },
  { city: 'Laval', prefixes: ['H7N', 'H7G'] },
  { city: 'Longueuil', prefixes: ['J4H', 'J4K'] },
];

export const AREA_CODES = ['514', '514', '514', '438', '450', '579'];

export const EMAIL_DOMAINS = ['courriel.example', 'famille.example', 'boite.example', 'poste.example'];
export const SCHOOL_DOMAIN = 'ecole-demo.example';

export const SKILLS_FR = [
  'Comptable de métier : peut aider la fondation avec son budget.',
  'Menuisier, disponible pour construire des bacs à jardin.',
  'Photographe amateur, partant pour les photos de la fête de fin d’année.',
  'Traductrice français-anglais.',
  'Infirmière, peut donner un atelier de premiers soins.',
  'Organise des ventes de garage depuis des années.',
  'Graphiste : affiches et infolettre.',
  'Entraîneur de soccer le samedi.',
];
export const SKILLS_EN = [
  'Accountant, happy to help the foundation with its budget.',
  'Graphic designer: posters and newsletter.',
  'Can read stories in English to the younger classes.',
  'Coaches hockey on weekends.',
];
