-- A certificate says what it certifies: public verification returns the course, each knowledge
-- check passed (lesson, score, date) and the pass mark in force, as recorded when the certificate
-- was issued.
--
-- certificates.checks ([{"lesson_slug", "lesson_title", "score", "passed_at"}, …]) and
-- certificates.pass_mark are filled at issue time, and for earlier certificates, by
-- 20261126000000_knowledge_check_attempts.sql. They are declared here too, with the same names
-- and types and "if not exists", so this migration applies whichever of the two runs first.
alter table public.certificates
  add column if not exists checks jsonb not null default '[]'::jsonb,
  add column if not exists pass_mark numeric;

-- The return type grows, which "create or replace" cannot do: drop, create, grant again.
-- Still public (anyone holding the code may verify) and still only what the certificate states:
-- the name, the course, the date, whether it stands, the pass mark and the checks, each reduced
-- to its four keys whatever else the stored record may hold. Never the learner's id, e-mail,
-- answers or attempts. Ownership is not answered here: the owner's page reads the owner's own
-- row of public.certificates under RLS.
drop function if exists public.verify_certificate(text);
create function public.verify_certificate(p_code text)
returns table (
  full_name text,
  course_title text,
  course_slug text,
  issued_at timestamptz,
  status text,
  pass_mark numeric,
  checks jsonb
)
language sql
stable
security definer
set search_path = ''
as $$
  select c.full_name, c.course_title, co.slug, c.issued_at,
         case when c.revoked_at is null then 'valid' else 'revoked' end,
         c.pass_mark,
         coalesce((
           select jsonb_agg(jsonb_build_object(
                    'lesson_slug', e ->> 'lesson_slug',
                    'lesson_title', e ->> 'lesson_title',
                    'score', case when jsonb_typeof(e -> 'score') = 'number' then e -> 'score' end,
                    'passed_at', e ->> 'passed_at')
                  order by n)
             from jsonb_array_elements(case when jsonb_typeof(c.checks) = 'array' then c.checks else '[]'::jsonb end)
                  with ordinality as t(e, n)
            where jsonb_typeof(e) = 'object'), '[]'::jsonb)
    from public.certificates c
    join public.courses co on co.id = c.course_id
   where c.code = lower(trim(p_code))
$$;
revoke all on function public.verify_certificate(text) from public;
grant execute on function public.verify_certificate(text) to anon, authenticated, service_role;
