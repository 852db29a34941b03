import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { mentionEndpoints as ep } from '@legenett/contracts';
import { CurrentPrincipal, type Principal } from '../../common/auth';
import { Query, type QueryOf, Route } from '../../common/http';
import { MentionsService } from './mentions.service';

@ApiTags('Mentions')
@Controller()
export class MentionsController {
  constructor(private readonly mentions: MentionsService) {}

  @Route(ep.people)
  people(@CurrentPrincipal() me: Principal, @Query() q: QueryOf<typeof ep.people>) {
    return this.mentions.people(me, q.search);
  }
}
