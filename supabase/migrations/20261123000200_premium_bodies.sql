-- Premium lesson bodies live here, never in the static build. The site's build keeps a Premium
-- lesson's public part (title, description, objectives, opening, outline) and compiles the rest
-- of the MDX into a function body that `npm run sync:courses` (service role) upserts below.
-- Readers never touch the table: public.get_premium_lesson decides in SQL who gets the body and,
-- for everyone else, says why not.

create table public.lesson_bodies (
  lesson_id bigint primary key references public.lessons (id) on delete cascade,
  -- How `code` is to be run by the site: MDX compiled with outputFormat 'function-body'.
  format text not null check (format ~ '^[a-z0-9-]+$'),
  code text not null,
  -- Names the body uses from the lesson's MDX imports, mapped to their import source
  -- (e.g. {"Tabs": "@theme/Tabs"}); the site supplies the components at run time.
  imports jsonb not null default '{}'::jsonb check (jsonb_typeof(imports) = 'object'),
  -- Hash of the compiled body, so publishing writes only what changed.
  content_hash text not null,
  updated_at timestamptz not null default now()
);
create trigger lesson_bodies_touch_updated_at before update on public.lesson_bodies
  for each row execute function public.touch_updated_at();

-- No policy for anon or authenticated: with RLS on and no grants, a direct read or write by a
-- learner is refused outright (permission denied), whatever their subscription.
alter table public.lesson_bodies enable row level security;
revoke all on table public.lesson_bodies from public, anon, authenticated;
grant all on table public.lesson_bodies to service_role;

-- The one way to read a body. Returns
--   {"status": "unlocked", "body": {"format", "code", "imports", "hash"}}  for Premium learners
--                                                                        (public.is_premium())
--                                                                        and admins;
--   {"status": "unpublished"}                                             when they may read it
--                                                                        but none was published;
--   {"status": "locked", "reason": "visitor"}                            without a signed-in user;
--   {"status": "locked", "reason": "lapsed", "ended_at": <timestamp>}   for a subscription whose
--                                                                        end date has passed (no
--                                                                        webhook needed);
--   {"status": "locked", "reason": "no_premium"}                         for everyone else.
-- Unknown or inactive lessons are 404 (PostgREST's PT404); a free lesson is 22023 (400): it has
-- no body here.
-- Every answer is marked `Cache-Control: private, no-store` through PostgREST's response.headers,
-- so no shared cache keeps a body (or one learner's answer) for someone else.
create or replace function public.get_premium_lesson(p_course_slug text, p_lesson_slug text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_lesson_id bigint;
  v_is_premium boolean;
  v_body public.lesson_bodies;
  v_status text;
  v_end timestamptz;
begin
  perform set_config('response.headers', '[{"Cache-Control": "private, no-store"}]', true);

  select l.id, l.is_premium into v_lesson_id, v_is_premium
    from public.lessons l
    join public.courses c on c.id = l.course_id
   where c.slug = p_course_slug and l.slug = p_lesson_slug and l.is_active and c.is_active;
  if v_lesson_id is null then
    raise exception 'Lesson not found' using errcode = 'PT404';
  end if;
  if not v_is_premium then
    raise exception 'This lesson is not a Premium lesson' using errcode = '22023';
  end if;

  if public.is_premium() or public.is_admin() then
    select * into v_body from public.lesson_bodies where lesson_id = v_lesson_id;
    if v_body.lesson_id is null then
      return jsonb_build_object('status', 'unpublished');
    end if;
    return jsonb_build_object(
      'status', 'unlocked',
      'body', jsonb_build_object('format', v_body.format, 'code', v_body.code, 'imports', v_body.imports, 'hash', v_body.content_hash)
    );
  end if;

  if auth.uid() is null then
    return jsonb_build_object('status', 'locked', 'reason', 'visitor');
  end if;
  select p.subscription_status, p.subscription_end_date into v_status, v_end
    from public.profiles p where p.id = auth.uid();
  if v_end is not null and (v_end <= now() or v_status = 'expired') and v_status <> 'inactive' then
    return jsonb_build_object('status', 'locked', 'reason', 'lapsed', 'ended_at', least(v_end, now()));
  end if;
  return jsonb_build_object('status', 'locked', 'reason', 'no_premium');
end
$$;
revoke all on function public.get_premium_lesson(text, text) from public;
grant execute on function public.get_premium_lesson(text, text) to anon, authenticated, service_role;
