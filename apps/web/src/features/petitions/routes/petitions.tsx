import { PetitionsPage } from '../components/petitions-page';

export { PetitionsPage as Component };
