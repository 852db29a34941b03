import { digestSection } from '../notifications';
import { PetitionsRepository } from './petitions.repository';

/**
 * The digest's new petitions (docs/notifications.md, "Digest"): active petitions published since the
 * reader's last digest in their specialties.
 * Registered at start (`digestSection`); its SQL is `PetitionsRepository.digestMany`.
 */
export const PetitionsDigestSection = digestSection(PetitionsRepository, {
  key: 'petitions',
  order: 40,
  item: (_r, p, site) => ({ text: p.title, url: `${site}/petitions/details/${p.id}` }),
});
