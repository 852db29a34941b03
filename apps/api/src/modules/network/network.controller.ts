import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { networkEndpoints as ep } from '@legenett/contracts';
import { CurrentPrincipal, type Principal } from '../../common/auth';
import { Params, type ParamsOf, Query, type QueryOf, Route } from '../../common/http';
import { NetworkService } from './network.service';

type Slug = ParamsOf<typeof ep.follow>;

@ApiTags('Network')
@Controller()
export class NetworkController {
  constructor(private readonly network: NetworkService) {}

  @Route(ep.search)
  search(@Query() q: QueryOf<typeof ep.search>) {
    return this.network.search(q);
  }

  @Route(ep.suggestions)
  suggestions(@CurrentPrincipal() me: Principal, @Query() q: QueryOf<typeof ep.suggestions>) {
    return this.network.suggestions(me, q);
  }

  @Route(ep.follow)
  follow(@CurrentPrincipal() me: Principal, @Params() p: Slug) {
    return this.network.follow(me, p.slug);
  }

  @Route(ep.unfollow)
  unfollow(@CurrentPrincipal() me: Principal, @Params() p: Slug) {
    return this.network.unfollow(me, p.slug);
  }

  @Route(ep.followers)
  followers(@Params() p: Slug, @Query() q: QueryOf<typeof ep.followers>) {
    return this.network.followers(p.slug, q);
  }

  @Route(ep.following)
  following(@Params() p: Slug, @Query() q: QueryOf<typeof ep.following>) {
    return this.network.following(p.slug, q);
  }
}
