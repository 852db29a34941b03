import { PetitionDetailsPage } from '../components/petition-details-page';

export { PetitionDetailsPage as Component };
