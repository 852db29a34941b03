import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Locale, searchEndpoints as ep } from '@legenett/contracts';
import { CurrentPrincipal, type Principal } from '../../common/auth';
import { Query, type QueryOf, Route } from '../../common/http';
import { RequestLocale } from '../../common/i18n/locale';
import { SearchService } from './search.service';

@ApiTags('Search')
@Controller()
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Route(ep.search)
  find(
    @CurrentPrincipal() me: Principal,
    @Query() q: QueryOf<typeof ep.search>,
    @RequestLocale() locale: Locale,
  ) {
    return this.search.search(me, q.search, locale);
  }
}
