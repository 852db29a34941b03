import { PetitionEditPage } from '../components/petition-edit-page';

export function Component() {
  return <PetitionEditPage create />;
}
