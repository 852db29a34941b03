import { ProfessionalExperiencePage } from '../components/professional-experience-page';

export { ProfessionalExperiencePage as Component };
