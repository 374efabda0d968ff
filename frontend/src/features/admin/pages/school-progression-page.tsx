/** The page lives in its own feature (frontend/src/features/progression); the route table imports it from here. */
export { SchoolProgressionPage } from '../../progression/pages/school-progression-page';
