-- Time credited is measured from the learner's last write that CLAIMED time, not from any write.
--
-- The rule from 20261123000100 measured the allowance from the latest last_accessed_at, which every
-- write moves, including the zero-second writes that only record a visit or toggle completion.
-- Leaving a lesson by a link sends two writes at once: the old lesson's seconds (a keepalive
-- request) and the new lesson's visit. When the visit committed first, the old lesson's seconds
-- found an allowance of zero and were lost. The same happened to a tab's periodic send whenever
-- another tab opened a lesson.
--
-- Now each row keeps time_claimed_at: when a write on it last claimed seconds (or, for the
-- learner's first write ever, when the clock started). The allowance is the time since the latest
-- of these. A write that claims nothing leaves the clock alone, so it can no longer take time from
-- another lesson's send; a write that claims time still moves it, so parallel claims still cannot
-- each count the same seconds.

alter table public.user_lesson_progress add column time_claimed_at timestamptz;
update public.user_lesson_progress set time_claimed_at = last_accessed_at;

create or replace function public.guard_lesson_progress()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_premium boolean;
  v_clock timestamptz;
  v_claimed integer;
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

  -- One learner's writes run one at a time, so each sees the clock the previous one left.
  perform pg_advisory_xact_lock(hashtextextended('user_lesson_progress:' || new.user_id::text, 0));
  select max(ulp.time_claimed_at) into v_clock from public.user_lesson_progress ulp where ulp.user_id = new.user_id;
  v_allowance := case when v_clock is null then 0
                      else greatest(0, floor(extract(epoch from (now() - v_clock))))::integer end;

  if tg_op = 'UPDATE' then
    v_claimed := greatest(new.time_spent - old.time_spent, 0);
    new.time_spent := old.time_spent + least(v_claimed, v_allowance);
    new.created_at := old.created_at;
    new.time_claimed_at := case when v_claimed > 0 or v_clock is null then now() else old.time_claimed_at end;
  else
    v_claimed := greatest(new.time_spent, 0);
    new.time_spent := least(v_claimed, v_allowance);
    new.created_at := now();
    new.time_claimed_at := case when v_claimed > 0 or v_clock is null then now() end;
  end if;
  new.last_accessed_at := now();
  if new.is_completed then
    new.completed_at := coalesce(case when tg_op = 'UPDATE' and old.is_completed then old.completed_at end, now());
  else
    new.completed_at := null;
  end if;
  return new;
end
$$;
