/** The page lives in its own feature (frontend/src/features/annual-update); the route table imports it from here. */
export { AnnualUpdatePage } from '../../annual-update/pages/annual-update-page';
