import { PetitionLogPage } from '../components/petition-log-page';

export { PetitionLogPage as Component };
