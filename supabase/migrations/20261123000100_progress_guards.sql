-- Progress guards, tightened after an attack run:
-- * time: a write is credited at most the whole seconds that have passed since the learner's
--   previous progress write on ANY lesson (the old rule allowed +5 s per call per lesson and 120 s
--   on every new row, so 300 rapid calls credited 1,914 s in 4.7 s). A learner's first write ever
--   is credited nothing. Writes of one learner are serialised so parallel calls cannot each claim
--   the same elapsed time.
-- * dates: last_accessed_at and started_at are set by the database, not by the learner.
-- * Premium: progress on a Premium lesson needs Premium (or an admin or the service role), so a
--   free learner cannot complete a course with locked lessons by writing rows.
-- The triggers are the one home of these rules; track_lesson_progress writes through them.

create or replace function public.guard_lesson_progress()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_premium boolean;
  v_last timestamptz;
  v_allowance integer;
begin
  -- The writer's own RLS applies here: an inactive lesson is not found.
  select l.is_premium into v_premium from public.lessons l where l.id = new.lesson_id and l.course_id = new.course_id;
  if not found then
    raise exception 'Lesson not found' using errcode = 'P0001';
  end if;
  if v_premium and not (public.is_premium(new.user_id) or public.is_admin() or auth.role() = 'service_role') then
    raise exception 'Premium lesson' using errcode = '42501',
      hint = 'Progress on this lesson is recorded for Premium members only.';
  end if;

  -- One learner's writes run one at a time, so each sees the previous one's last_accessed_at.
  perform pg_advisory_xact_lock(hashtextextended('user_lesson_progress:' || new.user_id::text, 0));
  select max(ulp.last_accessed_at) into v_last from public.user_lesson_progress ulp where ulp.user_id = new.user_id;
  v_allowance := case when v_last is null then 0
                      else greatest(0, floor(extract(epoch from (now() - v_last))))::integer end;

  new.last_accessed_at := now();
  if tg_op = 'UPDATE' then
    new.time_spent := old.time_spent + least(greatest(new.time_spent - old.time_spent, 0), v_allowance);
    new.created_at := old.created_at;
  else
    new.time_spent := least(greatest(new.time_spent, 0), v_allowance);
    new.created_at := now();
  end if;
  if new.is_completed then
    new.completed_at := coalesce(case when tg_op = 'UPDATE' and old.is_completed then old.completed_at end, now());
  else
    new.completed_at := null;
  end if;
  return new;
end
$$;

-- Course rows: percentage recomputed (as before), started_at fixed at the first write, and
-- last_accessed_at only moves forward and never past now.
create or replace function public.guard_course_progress()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.progress_percentage := public.course_completion_percentage(new.user_id, new.course_id);
  if tg_op = 'UPDATE' then
    new.started_at := old.started_at;
    new.last_accessed_at := greatest(old.last_accessed_at, least(coalesce(new.last_accessed_at, now()), now()));
  else
    new.started_at := now();
    new.last_accessed_at := now();
  end if;
  if new.progress_percentage >= 100 then
    new.completed_at := coalesce(case when tg_op = 'UPDATE' then old.completed_at end, now());
  else
    new.completed_at := null;
  end if;
  return new;
end
$$;

-- The one call the site makes to record progress. p_seconds is time on the page since the last
-- call; guard_lesson_progress credits only what can have passed since the learner's last write.
create or replace function public.track_lesson_progress(
  p_course_slug text,
  p_lesson_slug text,
  p_seconds integer default 0,
  p_completed boolean default null
)
returns public.user_course_progress
language plpgsql
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_course public.courses;
  v_lesson public.lessons;
  v_seconds integer := greatest(coalesce(p_seconds, 0), 0);
  v_result public.user_course_progress;
begin
  if v_user is null then
    raise exception 'User not authenticated' using errcode = '42501';
  end if;
  select * into v_course from public.courses where slug = p_course_slug and is_active;
  if not found then
    raise exception 'Course not found' using errcode = 'P0001';
  end if;
  select * into v_lesson from public.lessons where course_id = v_course.id and slug = p_lesson_slug and is_active;
  if not found then
    raise exception 'Lesson not found' using errcode = 'P0001';
  end if;

  insert into public.user_lesson_progress as ulp
    (user_id, lesson_id, course_id, time_spent, is_completed)
  values (v_user, v_lesson.id, v_course.id, v_seconds, coalesce(p_completed, false))
  on conflict (user_id, lesson_id) do update
    set time_spent = ulp.time_spent + v_seconds,
        is_completed = coalesce(p_completed, ulp.is_completed);

  select * into v_result from public.user_course_progress where user_id = v_user and course_id = v_course.id;
  return v_result;
end
$$;
revoke all on function public.track_lesson_progress(text, text, integer, boolean) from public;
grant execute on function public.track_lesson_progress(text, text, integer, boolean) to anon, authenticated, service_role;
