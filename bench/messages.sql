-- The messages bench's data (issue 26): 100 000 one-to-one conversations and 1 000 000 messages,
-- written with generate_series into a database that has the migrations and the demo seed
-- (bench/messages.mjs makes it). psql variables: users (20 000 bench members), conversations
-- (100 000), messages (1 000 000), lege (how many of the conversations are lege@demo.no's: 5 000),
-- big (the messages of lege's first conversation: 50 000; the rest spread over the others).
\set ON_ERROR_STOP on
begin;

-- Members: approved doctors with confirmed HPR status, the demo password (hash copied).
insert into users (email, password_hash, first_name, last_name, slug, status, terms_accepted_at, no_sensitive_info_accepted_at)
select 'msgbench-' || g || '@bench.no', (select password_hash from users where email = 'lege@demo.no'),
  (array['Anne','Ole','Kari','Lars','Ingrid','Per','Marit','Jon'])[1 + g % 8], 'Benchlege ' || g, 'msgbench-' || g, 'approved', now(), now()
from generate_series(1, :users) g;
create temporary table bench_users on commit drop as
select id, substring(slug from 10)::int as n from users where slug like 'msgbench-%';
insert into user_info (user_id, approved_hrp, hpr_verified) select id, 2, true from bench_users;
insert into user_roles (user_id, role_id) select id, (select id from roles where code = 'doctor') from bench_users;
create index on bench_users (n);
analyze bench_users;

-- Conversations: the first :lege are lege@demo.no with member n; the others between two members
-- (member a = 1 + c % users, b = a + 1 + 97 k further on: distinct pairs). Ids follow the sequence.
create temporary table bench_pairs on commit drop as
select c, (select id from users where email = 'lege@demo.no') as a, (select id from bench_users where n = c) as b
from generate_series(1, :lege) c
union all
select c, ua.id, ub.id
from generate_series(:lege + 1, :conversations) c
join bench_users ua on ua.n = 1 + c % :users
join bench_users ub on ub.n = 1 + (c % :users + 1 + 97 * (c / :users)) % :users;
alter table bench_pairs add column id bigint;
update bench_pairs set id = nextval(pg_get_serial_sequence('conversations', 'id'));
create index on bench_pairs (c);
analyze bench_pairs;

insert into conversations (id, kind, direct_key, created_by_user_id, created_at, updated_at)
select id, 'direct', least('u' || a, 'u' || b) || ':' || greatest('u' || a, 'u' || b), a, now() - interval '2 years', now()
from bench_pairs;

-- Messages: :big in lege's first conversation, the rest spread evenly (9 or 10 each) over the
-- others; each conversation's last activity somewhere in the last two years, its messages a minute
-- apart before it; senders alternate.
insert into messages (conversation_id, seq, sender_user_id, body, created_at, updated_at)
select p.id, g, case when g % 2 = 1 then p.a else p.b end,
  'Melding ' || g || ' om ' || (array['vakt','henvisning','kurs','journal','permisjon','turnus','veiledning','epikrise'])[1 + g % 8] || ' – ser deg på møtet.',
  now() - interval '5 minutes' - make_interval(mins => :big - g), now()
from generate_series(1, :big) g, bench_pairs p where p.c = 1;

insert into messages (conversation_id, seq, sender_user_id, body, created_at, updated_at)
select p.id, x.seq, case when x.seq % 2 = 1 then p.a else p.b end,
  'Melding ' || x.seq || ' om ' || (array['vakt','henvisning','kurs','journal','permisjon','turnus','veiledning','epikrise'])[1 + x.g % 8] || ' – takk for sist.',
  now() - make_interval(mins => (p.c * 7919) % (730 * 1440)) - make_interval(mins => 20 - x.seq::int), now()
from (
  select g, 2 + (g - 1) % (:conversations - 1) as c, (g - 1) / (:conversations - 1) + 1 as seq
  from generate_series(1, :messages - :big) g
) x
join bench_pairs p on p.c = x.c;

update conversations c set last_seq = m.last_seq, last_message_at = m.at
from (select conversation_id, max(seq) as last_seq, max(created_at) as at from messages group by conversation_id) m
where m.conversation_id = c.id and c.id in (select id from bench_pairs);

-- Participants: both sides active; every 20th with the second side a request, every 50th archived
-- by the first; a fifth of the conversations have 1-3 unread messages for the first side.
insert into conversation_participants (conversation_id, user_id, state, last_read_seq, last_activity_at, archived_at)
select p.id, p.a, 'active', case when p.c % 5 = 0 then greatest(0, c.last_seq - 1 - p.c % 3) else c.last_seq end, c.last_message_at,
  case when p.c % 50 = 0 then now() end
from bench_pairs p join conversations c on c.id = p.id
union all
select p.id, p.b, case when p.c % 20 = 0 then 'request' else 'active' end, c.last_seq, c.last_message_at, null
from bench_pairs p join conversations c on c.id = p.id;

commit;
vacuum analyze conversations;
vacuum analyze conversation_participants;
vacuum analyze messages;
vacuum analyze users;
