-- The live-stream bench's data (issue 40, bench/live.mjs): :users approved members (`live-<n>@bench.no`),
-- each with one open session (a refresh token family) for the access token the bench signs; one-to-one
-- conversations between neighbours (n, n + 1 for odd n above :authors), groups of 20 (:groups), and
-- one post by each of the first :authors members (the like targets). Written once into a database
-- that has the migrations and the demo seed; a second run with more users adds the missing ones.
\set ON_ERROR_STOP on
begin;

insert into users (email, password_hash, first_name, last_name, slug, status, terms_accepted_at, no_sensitive_info_accepted_at)
select 'live-' || g || '@bench.no', (select password_hash from users where email = 'lege@demo.no'),
  (array['Anne','Ole','Kari','Lars','Ingrid','Per','Marit','Jon'])[1 + g % 8], 'Strømlege ' || g, 'live-' || g, 'approved', now(), now()
from generate_series(1, :users) g
where not exists (select 1 from users u where u.slug = 'live-' || g);

create temporary table live_users on commit drop as
select id, substring(slug from 6)::int as n from users where slug like 'live-%';
create index on live_users (n);
analyze live_users;

insert into user_info (user_id, approved_hrp, hpr_verified)
select id, 2, true from live_users l where not exists (select 1 from user_info i where i.user_id = l.id);
insert into user_roles (user_id, role_id)
select id, (select id from roles where code = 'doctor') from live_users l
where not exists (select 1 from user_roles r where r.user_id = l.id);
-- One session per member, valid for a year (the bench's tokens name it as `fam`).
insert into refresh_token_families (user_id, absolute_expires_at, user_agent)
select id, now() + interval '1 year', 'bench/live' from live_users l
where not exists (select 1 from refresh_token_families f where f.user_id = l.id and f.user_agent = 'bench/live');

-- Pairs: members :authors + 1 and up, (odd n, n + 1).
create temporary table live_pairs on commit drop as
select a.id as a, b.id as b, least('u' || a.id, 'u' || b.id) || ':' || greatest('u' || a.id, 'u' || b.id) as k
from live_users a join live_users b on b.n = a.n + 1
where a.n > :authors and (a.n - :authors) % 2 = 1;
insert into conversations (kind, direct_key, created_by_user_id)
select 'direct', k, a from live_pairs
on conflict (direct_key) do nothing;
insert into conversation_participants (conversation_id, user_id, state)
select c.id, x.u, 'active'
from live_pairs p join conversations c on c.direct_key = p.k cross join lateral (values (p.a), (p.b)) x(u)
on conflict do nothing;

-- Groups of 20: group g (1-based) is members :authors + 20 (g - 1) + 1 .. + 20 (wrapping over the others).
insert into conversations (kind, title, created_by_user_id)
select 'group', 'live-group-' || g, (select id from live_users where n = :authors + 1 + (20 * (g - 1)) % (:users - :authors))
from generate_series(1, :groups) g
where not exists (select 1 from conversations c where c.kind = 'group' and c.title = 'live-group-' || g);
insert into conversation_participants (conversation_id, user_id, state)
select c.id, u.id, 'active'
from generate_series(1, :groups) g
cross join generate_series(0, 19) i
join conversations c on c.kind = 'group' and c.title = 'live-group-' || g
join live_users u on u.n = :authors + 1 + (20 * (g - 1) + i) % (:users - :authors)
on conflict do nothing;

-- A post by each like target.
insert into posts (slug, author_user_id, created_by_user_id, body)
select 'live-post-' || u.n, u.id, u.id, 'Vakt i helgen? ' || u.n
from live_users u where u.n <= :authors
and not exists (select 1 from posts p where p.slug = 'live-post-' || u.n);

commit;
vacuum analyze users;
vacuum analyze conversations;
vacuum analyze conversation_participants;
vacuum analyze refresh_token_families;
