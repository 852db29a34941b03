import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { petitionLogEndpoints as ep } from '@legenett/contracts';
import { CurrentPrincipal, type Principal } from '../../common/auth';
import { Query, type QueryOf, Route } from '../../common/http';
import { RateLimit } from '../../common/rate-limit';
import { PetitionLogService } from './petition-log.service';
import { PetitionSignaturesService } from './petition-signatures.service';

/** The public signature log (docs/petitions.md, "The signature log") and the admin's recount. */
@ApiTags('Petitions')
@Controller()
export class PetitionLogController {
  constructor(
    private readonly log: PetitionLogService,
    private readonly signatures: PetitionSignaturesService,
  ) {}

  @Route(ep.checkpoint)
  async checkpoint() {
    return { data: this.log.present(await this.log.latest()) };
  }

  @Route(ep.key)
  key() {
    return { data: { key_id: this.log.keyId, public_key: this.log.publicKeyBase64, pem: this.log.publicKeyPem } };
  }

  @Route(ep.consistency)
  @RateLimit({ name: 'petition-log', limit: 120, windowSeconds: 60, by: 'ip' })
  async consistency(@Query() q: QueryOf<typeof ep.consistency>) {
    return { data: await this.log.consistency(q.from, q.to) };
  }

  @Route(ep.proof)
  @RateLimit({ name: 'petition-log', limit: 120, windowSeconds: 60, by: 'ip' })
  async proof(@Query() q: QueryOf<typeof ep.proof>) {
    return { data: await this.log.inclusion(q.leaf, q.size) };
  }

  @Route(ep.reconcile)
  reconcile(@CurrentPrincipal() me: Principal) {
    return this.signatures.reconcileNow(me);
  }
}
