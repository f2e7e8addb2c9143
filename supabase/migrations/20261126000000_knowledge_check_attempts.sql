-- Knowledge checks that only knowledge can pass (issue #25).
--
-- * The server starts every attempt (start_knowledge_check): it draws `ask` questions from the
--   lesson's pool (preferring questions the caller was not shown last time), puts the questions
--   and each question's options in a random order, stores that presentation and returns it
--   without answers. submit_knowledge_check grades answers given by presented position through
--   the stored permutation, once. YAML option indexes never leave the database.
-- * A failed or anonymous attempt's answer says which questions were wrong and the lesson section
--   each one tests, never the right option, the numeric answer, its tolerance or an explanation
--   of the right answer. A signed-in learner's pass returns the explanations and right answers.
-- * Retakes: a cool-down after repeated failures of the same check within an hour, per learner
--   (or, for anonymous callers, per client address): none after the 1st failure, 1 minute after
--   the 2nd, 5 minutes after the 3rd, 15 minutes after the 4th and later. A pass clears the
--   count. Starting is also limited to 30 attempts per check per learner/address in 10 minutes.
--   A refusal is PostgREST's 429 (PT429) whose details hold the time of the next try (ISO 8601).
-- * Input is bounded before any work: answers over 8 KiB, more answers than questions, option
--   lists longer than the question's, non-integer, out-of-range or duplicate options and wrong
--   JSON types are refused with 22023 (HTTP 400). Only normalised answers are stored.
-- * The old grade_knowledge_check (answers keyed by YAML index, answers revealed to anyone) is
--   dropped: the site is its only client.
-- * Certificates record what they certify: each check passed with its best score and first pass
--   date, and the pass mark.

-- ---------------------------------------------------------------------------------------------
-- How many questions an attempt at a lesson's check asks (published from the .check.yaml `ask`).
create table public.knowledge_check_settings (
  lesson_id bigint primary key references public.lessons (id) on delete cascade,
  ask integer not null check (ask between 1 and 20),
  updated_at timestamptz not null default now()
);
create trigger knowledge_check_settings_touch_updated_at before update on public.knowledge_check_settings
  for each row execute function public.touch_updated_at();

alter table public.knowledge_check_settings enable row level security;
revoke all on table public.knowledge_check_settings from public, anon, authenticated;
grant all on table public.knowledge_check_settings to service_role;
-- No policy: only the service role (the publisher) and the definer functions below use it.

-- ---------------------------------------------------------------------------------------------
-- One row per started attempt: who (a learner, or an anonymous caller holding a secret token of
-- which only the hash is kept), what was drawn and in which order, and the outcome once graded.
create table public.knowledge_check_presentations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  token_hash text check (token_hash is null or token_hash ~ '^[0-9a-f]{64}$'),
  client_address text check (client_address is null or char_length(client_address) <= 100),
  lesson_id bigint not null references public.lessons (id) on delete cascade,
  course_id bigint not null references public.courses (id) on delete cascade,
  -- The drawn questions in presented order.
  question_keys text[] not null check (cardinality(question_keys) between 1 and 20),
  -- Per presented question, the YAML index of each presented option ([] for numeric questions).
  permutations jsonb not null check (jsonb_typeof(permutations) = 'array'),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  graded_at timestamptz,
  passed boolean,
  score numeric(5, 2) check (score is null or score between 0 and 100),
  check ((user_id is null) <> (token_hash is null)),
  check ((graded_at is null) = (passed is null))
);
create index knowledge_check_presentations_user_idx on public.knowledge_check_presentations (user_id, lesson_id, created_at)
  where user_id is not null;
create index knowledge_check_presentations_address_idx on public.knowledge_check_presentations (client_address, lesson_id, created_at)
  where user_id is null;

alter table public.knowledge_check_presentations enable row level security;
revoke all on table public.knowledge_check_presentations from public, anon, authenticated;
grant all on table public.knowledge_check_presentations to service_role;
-- No policy: the permutations are the answer key's disguise; only definer functions read them.

-- ---------------------------------------------------------------------------------------------
-- Certificates: what they certify.
alter table public.certificates
  add column if not exists checks jsonb not null default '[]'::jsonb,
  add column if not exists pass_mark numeric;

-- The checks a learner has passed in a course: [{lesson_slug, lesson_title, score, passed_at}],
-- score the best passing score, passed_at the first pass (both up to p_until).
create or replace function public.certificate_checks(p_user uuid, p_course_id bigint, p_until timestamptz)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'lesson_slug', l.slug, 'lesson_title', l.title, 'score', s.score, 'passed_at', s.passed_at)
           order by l.order_index, l.id), '[]'::jsonb)
    from public.lessons l
    join lateral (
      select max(a.score) as score, min(a.created_at) as passed_at
        from public.knowledge_check_attempts a
       where a.user_id = p_user and a.lesson_id = l.id and a.passed and a.created_at <= p_until
    ) s on s.passed_at is not null
   where l.course_id = p_course_id
     and exists (select 1 from public.knowledge_check_questions q where q.lesson_id = l.id)
$$;
revoke all on function public.certificate_checks(uuid, bigint, timestamptz) from public, anon, authenticated;

update public.certificates c
   set checks = public.certificate_checks(c.user_id, c.course_id, c.issued_at),
       pass_mark = public.knowledge_check_pass_mark()
 where c.pass_mark is null;

create or replace function public.issue_certificate_if_complete(p_user uuid, p_course_id bigint)
returns public.certificates
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_certificate public.certificates;
  v_checks integer;
  v_missing integer;
begin
  select count(distinct l.id),
         count(distinct l.id) filter (where not exists (
           select 1 from public.knowledge_check_attempts a
            where a.user_id = p_user and a.lesson_id = l.id and a.passed))
    into v_checks, v_missing
    from public.lessons l
    join public.knowledge_check_questions q on q.lesson_id = l.id
   where l.course_id = p_course_id and l.is_active;
  if v_checks = 0 or v_missing > 0 then
    select * into v_certificate from public.certificates where user_id = p_user and course_id = p_course_id;
    return v_certificate;
  end if;
  insert into public.certificates (code, user_id, course_id, full_name, course_title, checks, pass_mark)
  select encode(extensions.gen_random_bytes(16), 'hex'), p_user, c.id,
         coalesce(nullif(trim((select p.full_name from public.profiles p where p.id = p_user)), ''), ''), c.title,
         public.certificate_checks(p_user, c.id, now()), public.knowledge_check_pass_mark()
    from public.courses c where c.id = p_course_id
  on conflict (user_id, course_id) do nothing;
  select * into v_certificate from public.certificates where user_id = p_user and course_id = p_course_id;
  return v_certificate;
end
$$;
revoke all on function public.issue_certificate_if_complete(uuid, bigint) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- The old grading path: answers by YAML index, correct options for anyone. Gone.
drop function if exists public.grade_knowledge_check(text, text, jsonb);

-- When the caller may next start an attempt at a lesson's check, or null if now. Counts the
-- failures graded within the last hour since the caller's last pass of that check.
create or replace function public.knowledge_check_retry_at(p_user uuid, p_address text, p_lesson_id bigint)
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  with recent as (
    select p.graded_at, p.passed
      from public.knowledge_check_presentations p
     where p.lesson_id = p_lesson_id
       and p.graded_at > now() - interval '1 hour'
       and case when p_user is not null then p.user_id = p_user
                else p.user_id is null and p.client_address is not distinct from p_address end
  ), failures as (
    select r.graded_at from recent r
     where not r.passed
       and r.graded_at > coalesce((select max(x.graded_at) from recent x where x.passed), '-infinity'::timestamptz)
  ), next as (
    select max(f.graded_at) + case count(*) when 0 then null when 1 then interval '0'
                                            when 2 then interval '1 minute' when 3 then interval '5 minutes'
                                            else interval '15 minutes' end as at
      from failures f
  )
  -- Rounded up to the whole second, so a client that waits until the stated time is let in.
  select case when n.at > now() then date_trunc('second', n.at) + interval '1 second' end from next n
$$;
revoke all on function public.knowledge_check_retry_at(uuid, text, bigint) from public, anon, authenticated;

create or replace function public.knowledge_check_iso(p_at timestamptz)
returns text
language sql
immutable
set search_path = ''
as $$
  select to_char(p_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
$$;
revoke all on function public.knowledge_check_iso(timestamptz) from public, anon, authenticated;

-- A lesson's check without its questions: {pass_mark, ask, best_score, passed, attempts,
-- retry_at} (the learner's standing for a signed-in caller; retry_at for anyone). The questions
-- come from start_knowledge_check, drawn afresh for each attempt.
create or replace function public.get_knowledge_check(p_course_slug text, p_lesson_slug text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_lesson public.lessons := public.knowledge_check_lesson(p_course_slug, p_lesson_slug);
  v_user uuid := auth.uid();
  v_pool integer;
  v_best numeric;
  v_passed boolean;
  v_attempts integer;
begin
  select count(*) into v_pool from public.knowledge_check_questions q where q.lesson_id = v_lesson.id;
  if v_pool = 0 then
    raise exception 'This lesson has no knowledge check' using errcode = 'P0001';
  end if;
  if v_user is not null then
    select max(a.score), coalesce(bool_or(a.passed), false), count(*)
      into v_best, v_passed, v_attempts
      from public.knowledge_check_attempts a
     where a.user_id = v_user and a.lesson_id = v_lesson.id;
  end if;
  return jsonb_build_object(
    'pass_mark', public.knowledge_check_pass_mark(),
    'ask', least(v_pool, coalesce((select s.ask from public.knowledge_check_settings s where s.lesson_id = v_lesson.id), 5)),
    'best_score', v_best,
    'passed', coalesce(v_passed, false),
    'attempts', coalesce(v_attempts, 0),
    'retry_at', public.knowledge_check_iso(public.knowledge_check_retry_at(v_user, public.request_client_address(), v_lesson.id))
  );
end
$$;
revoke all on function public.get_knowledge_check(text, text) from public;
grant execute on function public.get_knowledge_check(text, text) to anon, authenticated, service_role;

-- Starts an attempt: {attempt_id, token (anonymous callers only: keep it, it is not shown again),
-- expires_at, pass_mark, questions: [{id, type, prompt, section, unit, options: [text…]}]} in the
-- presented order. A signed-in learner's earlier unfinished attempts at the check are closed.
create or replace function public.start_knowledge_check(p_course_slug text, p_lesson_slug text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_lesson public.lessons := public.knowledge_check_lesson(p_course_slug, p_lesson_slug);
  v_user uuid := auth.uid();
  v_address text := left(public.request_client_address(), 100);
  v_scope text;
  v_retry timestamptz;
  v_pool integer;
  v_ask integer;
  v_previous text[];
  v_keys text[];
  v_permutations jsonb;
  v_questions jsonb;
  v_token text;
  v_id uuid;
  v_expires timestamptz := now() + interval '2 hours';
begin
  select count(*) into v_pool from public.knowledge_check_questions q where q.lesson_id = v_lesson.id;
  if v_pool = 0 then
    raise exception 'This lesson has no knowledge check' using errcode = 'P0001';
  end if;
  v_scope := coalesce('user:' || v_user::text, 'address:' || coalesce(v_address, '-')) || ':' || v_lesson.id::text;
  -- One caller's starts at one check are serialised, so the cool-down and limits see each other.
  perform pg_advisory_xact_lock(hashtextextended('knowledge-check-start:' || v_scope, 0));

  v_retry := public.knowledge_check_retry_at(v_user, v_address, v_lesson.id);
  if v_retry is not null then
    raise exception 'You have not passed this knowledge check several times in the last hour; the next try opens at %',
        public.knowledge_check_iso(v_retry)
      using errcode = 'PT429', detail = public.knowledge_check_iso(v_retry),
            hint = 'After repeated failures within an hour the next try waits 1, then 5, then 15 minutes';
  end if;
  if not public.take_rate_limit('knowledge-check-start:' || v_scope, 30, interval '10 minutes') then
    select min(h.hit_at) + interval '10 minutes' into v_retry
      from public.rate_limit_hits h where h.bucket = 'knowledge-check-start:' || v_scope;
    v_retry := date_trunc('second', coalesce(v_retry, now() + interval '10 minutes')) + interval '1 second';
    raise exception 'Too many attempts at this knowledge check; the next try opens at %', public.knowledge_check_iso(v_retry)
      using errcode = 'PT429', detail = public.knowledge_check_iso(v_retry),
            hint = 'A knowledge check can be started 30 times in 10 minutes';
  end if;

  select p.question_keys into v_previous
    from public.knowledge_check_presentations p
   where p.lesson_id = v_lesson.id
     and case when v_user is not null then p.user_id = v_user else p.user_id is null and p.client_address is not distinct from v_address end
   order by p.created_at desc
   limit 1;
  if v_user is not null then
    update public.knowledge_check_presentations p set expires_at = now()
     where p.user_id = v_user and p.lesson_id = v_lesson.id and p.graded_at is null and p.expires_at > now();
  end if;
  -- Unfinished attempts of this caller that expired are of no further use.
  delete from public.knowledge_check_presentations p
   where p.lesson_id = v_lesson.id and p.graded_at is null and p.expires_at <= now()
     and case when v_user is not null then p.user_id = v_user else p.user_id is null and p.client_address is not distinct from v_address end;

  v_ask := least(v_pool, coalesce((select s.ask from public.knowledge_check_settings s where s.lesson_id = v_lesson.id), 5));

  -- Questions the caller was not shown last time first, then a random order of those drawn.
  select array_agg(d.question_key order by random())
    into v_keys
    from (select q.question_key
            from public.knowledge_check_questions q
           where q.lesson_id = v_lesson.id
           order by (q.question_key = any(coalesce(v_previous, '{}'))), random()
           limit v_ask) d;

  select jsonb_agg(coalesce((select jsonb_agg(i order by random())
                               from generate_series(0, jsonb_array_length(q.options) - 1) i), '[]'::jsonb) order by k.n),
         jsonb_agg(jsonb_build_object(
           'id', q.question_key, 'type', q.type, 'prompt', q.prompt, 'section', q.section, 'unit', q.unit,
           'options', '[]'::jsonb) order by k.n)
    into v_permutations, v_questions
    from unnest(v_keys) with ordinality as k(key, n)
    join public.knowledge_check_questions q on q.lesson_id = v_lesson.id and q.question_key = k.key;

  -- The option texts in each question's presented order.
  select jsonb_agg(jsonb_set(x.question, '{options}',
           coalesce((select jsonb_agg(q.options -> (p.i #>> '{}')::integer ->> 'text' order by p.n)
                       from jsonb_array_elements(v_permutations -> (x.n - 1)::integer) with ordinality as p(i, n)), '[]'::jsonb))
           order by x.n)
    into v_questions
    from jsonb_array_elements(v_questions) with ordinality as x(question, n)
    join public.knowledge_check_questions q on q.lesson_id = v_lesson.id and q.question_key = x.question ->> 'id';

  if v_user is null then
    v_token := encode(extensions.gen_random_bytes(24), 'hex');
  end if;
  insert into public.knowledge_check_presentations
    (user_id, token_hash, client_address, lesson_id, course_id, question_keys, permutations, expires_at)
  values (v_user, case when v_token is null then null else encode(sha256(convert_to(v_token, 'UTF8')), 'hex') end,
          v_address, v_lesson.id, v_lesson.course_id, v_keys, v_permutations, v_expires)
  returning id into v_id;

  return jsonb_build_object(
    'attempt_id', v_id,
    'token', v_token,
    'expires_at', public.knowledge_check_iso(v_expires),
    'pass_mark', public.knowledge_check_pass_mark(),
    'questions', v_questions
  );
end
$$;
revoke all on function public.start_knowledge_check(text, text) from public;
grant execute on function public.start_knowledge_check(text, text) to anon, authenticated, service_role;

-- Grades an attempt once. p_answers is a list in presented order: for a choice question the
-- presented positions chosen ([] or null: unanswered), for a numeric one a number (or null).
-- Returns {score, correct, total, passed, pass_mark, saved, best_score, lesson_completed,
-- certificate, retry_at, questions: [{id, correct, section, your_answer}]}; a signed-in
-- learner's pass adds to each question {correct_options, explanations} or {answer, tolerance,
-- unit, explanation} (presented positions). Nothing else reveals an answer.
-- p_answers is json, not jsonb: json input only validates the text, so a megabyte is measured and
-- refused in milliseconds; jsonb would first build the whole tree (about 0.3 s of PGlite's one
-- thread for a 1 MiB list of lists, stalling every other request).
create or replace function public.submit_knowledge_check(p_attempt_id uuid, p_answers json, p_token text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_pass_mark numeric := public.knowledge_check_pass_mark();
  v_attempt public.knowledge_check_presentations;
  v_lesson public.lessons;
  q public.knowledge_check_questions;
  v_n integer;
  v_given jsonb;
  v_perm jsonb;
  v_count integer;
  v_chosen integer[];
  v_right integer[];
  v_value numeric;
  v_ok boolean;
  v_correct integer := 0;
  v_results jsonb := '[]'::jsonb;
  v_reveal jsonb := '[]'::jsonb;
  v_stored jsonb := '{}'::jsonb;
  v_score numeric;
  v_passed boolean;
  v_best numeric;
  v_certificate public.certificates;
  v_retry timestamptz;
  v_answers jsonb;
begin
  -- Bounds first: nothing below runs for oversized or misshapen input.
  if p_answers is null or octet_length(p_answers::text) > 8192 then
    raise exception 'Answers must be a list of at most 8 KiB' using errcode = '22023';
  end if;
  v_answers := p_answers::jsonb;
  if jsonb_typeof(v_answers) <> 'array' then
    raise exception 'Answers must be a list in the order the questions were presented' using errcode = '22023';
  end if;
  if p_token is not null and char_length(p_token) > 100 then
    raise exception 'Attempt not found' using errcode = 'PT404';
  end if;

  select * into v_attempt from public.knowledge_check_presentations p where p.id = p_attempt_id for update;
  if not found
     or (v_attempt.user_id is not null and v_attempt.user_id is distinct from v_user)
     or (v_attempt.user_id is null and (p_token is null
         or v_attempt.token_hash <> encode(sha256(convert_to(p_token, 'UTF8')), 'hex'))) then
    raise exception 'Attempt not found' using errcode = 'PT404',
      hint = 'Start the knowledge check again: an attempt is graded only for whoever started it';
  end if;
  if v_attempt.graded_at is not null then
    raise exception 'This attempt has already been graded' using errcode = 'PT409', hint = 'Start a new attempt';
  end if;
  if v_attempt.expires_at <= now() then
    raise exception 'This attempt has expired' using errcode = 'PT409', hint = 'Start a new attempt';
  end if;
  -- Attempts started before a run of failures do not skip the cool-down it set.
  v_retry := public.knowledge_check_retry_at(v_attempt.user_id, v_attempt.client_address, v_attempt.lesson_id);
  if v_retry is not null then
    raise exception 'You have not passed this knowledge check several times in the last hour; the next try opens at %',
        public.knowledge_check_iso(v_retry)
      using errcode = 'PT429', detail = public.knowledge_check_iso(v_retry),
            hint = 'After repeated failures within an hour the next try waits 1, then 5, then 15 minutes';
  end if;
  v_count := cardinality(v_attempt.question_keys);
  if jsonb_array_length(v_answers) > v_count then
    raise exception 'There are % answers for % questions', jsonb_array_length(v_answers), v_count using errcode = '22023';
  end if;
  select * into v_lesson from public.lessons l where l.id = v_attempt.lesson_id;
  -- The Premium gate as it stands now (a lapsed subscription does not keep grading).
  perform public.knowledge_check_lesson(
    (select c.slug from public.courses c where c.id = v_lesson.course_id), v_lesson.slug);

  for v_n in 1 .. v_count loop
    select * into q from public.knowledge_check_questions x
     where x.lesson_id = v_attempt.lesson_id and x.question_key = v_attempt.question_keys[v_n];
    if not found then
      raise exception 'This check changed since the attempt started' using errcode = 'PT409', hint = 'Start a new attempt';
    end if;
    v_given := v_answers -> (v_n - 1);
    if v_given is not null and jsonb_typeof(v_given) = 'null' then
      v_given := null;
    end if;
    v_perm := v_attempt.permutations -> (v_n - 1);
    v_ok := false;
    if q.type = 'numeric' then
      if v_given is not null and jsonb_typeof(v_given) <> 'number' then
        raise exception 'Answer % must be a number', v_n using errcode = '22023';
      end if;
      if v_given is not null then
        v_value := (v_given #>> '{}')::numeric;
        v_ok := abs(v_value - q.answer) <= q.tolerance;
      end if;
      v_stored := v_stored || jsonb_build_object(q.question_key, v_given);
      v_results := v_results || jsonb_build_array(jsonb_build_object(
        'id', q.question_key, 'correct', v_ok, 'section', q.section, 'your_answer', v_given));
      v_reveal := v_reveal || jsonb_build_array(jsonb_build_object(
        'answer', q.answer, 'tolerance', q.tolerance, 'unit', q.unit, 'explanation', q.explanation));
    else
      if v_given is not null and jsonb_typeof(v_given) <> 'array' then
        raise exception 'Answer % must be a list of option positions', v_n using errcode = '22023';
      end if;
      v_chosen := '{}';
      if v_given is not null then
        if jsonb_array_length(v_given) > jsonb_array_length(v_perm) then
          raise exception 'Answer % lists more options than the question has', v_n using errcode = '22023';
        end if;
        if exists (select 1 from jsonb_array_elements(v_given) e
                    where jsonb_typeof(e) <> 'number' or (e #>> '{}') !~ '^[0-9]+$'
                       or (e #>> '{}')::numeric >= jsonb_array_length(v_perm)) then
          raise exception 'Answer % names an option that does not exist', v_n using errcode = '22023';
        end if;
        select coalesce(array_agg((e #>> '{}')::integer order by (e #>> '{}')::integer), '{}')
          into v_chosen from jsonb_array_elements(v_given) e;
        if cardinality(v_chosen) <> (select count(distinct c) from unnest(v_chosen) c) then
          raise exception 'Answer % names an option twice', v_n using errcode = '22023';
        end if;
        if q.type = 'single' and cardinality(v_chosen) > 1 then
          raise exception 'Answer % must choose one option', v_n using errcode = '22023';
        end if;
      end if;
      -- Presented positions whose option (through the permutation) is correct.
      select coalesce(array_agg((p.n - 1)::integer order by p.n), '{}')
        into v_right
        from jsonb_array_elements(v_perm) with ordinality as p(i, n)
       where (q.options -> (p.i #>> '{}')::integer ->> 'correct')::boolean;
      v_ok := v_chosen = v_right;
      -- Stored as the chosen options' texts in the pool's order: the same answer reads the same
      -- whatever order it was presented in.
      v_stored := v_stored || jsonb_build_object(q.question_key,
        (select coalesce(jsonb_agg(q.options -> (v_perm ->> c)::integer ->> 'text' order by (v_perm ->> c)::integer), '[]'::jsonb)
           from unnest(v_chosen) c));
      v_results := v_results || jsonb_build_array(jsonb_build_object(
        'id', q.question_key, 'correct', v_ok, 'section', q.section, 'your_answer', to_jsonb(v_chosen)));
      v_reveal := v_reveal || jsonb_build_array(jsonb_build_object(
        'correct_options', to_jsonb(v_right),
        'explanations', (select jsonb_agg(q.options -> (p.i #>> '{}')::integer ->> 'explanation' order by p.n)
                           from jsonb_array_elements(v_perm) with ordinality as p(i, n))));
    end if;
    if v_ok then
      v_correct := v_correct + 1;
    end if;
  end loop;

  v_score := round(100.0 * v_correct / v_count, 2);
  v_passed := v_score >= v_pass_mark;
  update public.knowledge_check_presentations set graded_at = now(), passed = v_passed, score = v_score
   where id = v_attempt.id;

  if v_user is not null then
    -- One learner's attempts in one course are graded one at a time, so the attempt that
    -- completes the course sees every earlier pass.
    perform pg_advisory_xact_lock(hashtext('knowledge-check:' || v_user::text || ':' || v_attempt.course_id::text));
    insert into public.knowledge_check_attempts (user_id, lesson_id, course_id, score, passed, answers)
    values (v_user, v_attempt.lesson_id, v_attempt.course_id, v_score, v_passed, v_stored);
    if v_passed then
      insert into public.user_lesson_progress as ulp (user_id, lesson_id, course_id, is_completed)
      values (v_user, v_attempt.lesson_id, v_attempt.course_id, true)
      on conflict (user_id, lesson_id) do update set is_completed = true
        where not ulp.is_completed;
      v_certificate := public.issue_certificate_if_complete(v_user, v_attempt.course_id);
      -- Only now, and only for the learner who passed: the right answers and why.
      select jsonb_agg(r.value || (v_reveal -> (r.n - 1)::integer) order by r.n) into v_results
        from jsonb_array_elements(v_results) with ordinality as r(value, n);
    end if;
    select max(a.score) into v_best from public.knowledge_check_attempts a
     where a.user_id = v_user and a.lesson_id = v_attempt.lesson_id;
  end if;

  return jsonb_build_object(
    'score', v_score,
    'correct', v_correct,
    'total', v_count,
    'passed', v_passed,
    'pass_mark', v_pass_mark,
    'saved', v_user is not null,
    'best_score', v_best,
    'lesson_completed', v_user is not null and v_passed,
    'certificate', case when v_certificate.code is null then null
                        else jsonb_build_object('code', v_certificate.code, 'course_title', v_certificate.course_title,
                                                'issued_at', v_certificate.issued_at) end,
    'retry_at', case when v_passed then null
                     else public.knowledge_check_iso(public.knowledge_check_retry_at(v_attempt.user_id, v_attempt.client_address, v_attempt.lesson_id)) end,
    'questions', v_results
  );
end
$$;
revoke all on function public.submit_knowledge_check(uuid, json, text) from public;
grant execute on function public.submit_knowledge_check(uuid, json, text) to anon, authenticated, service_role;
