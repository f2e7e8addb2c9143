-- Admin tables (issue #27): the transactions and certificates lists are searched, filtered and
-- paged in Postgres, one bounded page at a time, and a revocation states its reason.
--
-- Both list functions are security definer so they may join auth.users for the e-mail, and both
-- refuse (42501) anyone who is not an administrator (public.is_admin(): admin role and, when a
-- factor is enrolled, aal2) or the service role. Every filter is a bind parameter; the search text
-- is matched literally (LIKE's wildcards escaped) and cut to 200 characters; a page holds at most
-- 200 rows. Each row also carries the totals of the whole filtered set (window aggregates), so the
-- page shows the count and the money of every match, not only of the rows on screen.

-- The LIKE pattern that finds `p_text` anywhere, its wildcards and escape character taken literally.
create function public.admin_search_pattern(p_text text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when nullif(trim(coalesce(p_text, '')), '') is null then null
              else '%' || replace(replace(replace(left(trim(p_text), 200), '\', '\\'), '%', '\%'), '_', '\_') || '%' end
$$;
revoke all on function public.admin_search_pattern(text) from public;
grant execute on function public.admin_search_pattern(text) to authenticated, service_role;

create function public.admin_transactions_page(
  p_type text default null,
  p_status text default null,
  p_query text default null,
  p_from timestamptz default null,
  p_to timestamptz default null,
  p_limit integer default 50,
  p_offset integer default 0
)
returns table (
  id uuid,
  user_id uuid,
  user_email text,
  user_name text,
  transaction_type text,
  amount numeric,
  currency text,
  status text,
  paypal_subscription_id text,
  created_at timestamptz,
  total_count bigint,
  total_revenue numeric,
  total_refunded numeric,
  total_failed bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_pattern text := public.admin_search_pattern(p_query);
begin
  if not (public.is_admin() or auth.role() = 'service_role') then
    raise exception 'Only administrators can list transactions' using errcode = '42501';
  end if;
  return query
    with matched as (
      select t.id, t.user_id, u.email::text as user_email, p.full_name as user_name, t.transaction_type,
             t.amount, t.currency, t.status, t.paypal_subscription_id, t.created_at
        from public.subscription_transactions t
        left join auth.users u on u.id = t.user_id
        left join public.profiles p on p.id = t.user_id
       where (p_type is null or t.transaction_type = p_type)
         and (p_status is null or t.status = p_status)
         and (p_from is null or t.created_at >= p_from)
         and (p_to is null or t.created_at < p_to)
         and (v_pattern is null
              or u.email::text ilike v_pattern
              or p.full_name ilike v_pattern
              or t.user_id::text = lower(trim(p_query)))
    )
    select m.id, m.user_id, m.user_email, m.user_name, m.transaction_type, m.amount, m.currency, m.status,
           m.paypal_subscription_id, m.created_at,
           count(*) over (),
           coalesce(sum(m.amount) filter (where m.status = 'completed' and m.transaction_type in ('subscription', 'renewal')) over (), 0),
           coalesce(sum(m.amount) filter (where m.status = 'completed' and m.transaction_type = 'refund') over (), 0),
           count(*) filter (where m.status = 'failed') over ()
      from matched m
     order by m.created_at desc, m.id desc
     limit least(greatest(coalesce(p_limit, 50), 1), 200)
    offset greatest(coalesce(p_offset, 0), 0);
end
$$;
revoke all on function public.admin_transactions_page(text, text, text, timestamptz, timestamptz, integer, integer) from public;
grant execute on function public.admin_transactions_page(text, text, text, timestamptz, timestamptz, integer, integer) to authenticated, service_role;

create function public.admin_certificates(
  p_query text default null,
  p_status text default null,
  p_limit integer default 50,
  p_offset integer default 0
)
returns table (
  code text,
  full_name text,
  user_email text,
  course_title text,
  issued_at timestamptz,
  revoked_at timestamptz,
  revoked_reason text,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_pattern text := public.admin_search_pattern(p_query);
begin
  if not (public.is_admin() or auth.role() = 'service_role') then
    raise exception 'Only administrators can list certificates' using errcode = '42501';
  end if;
  return query
    select c.code, c.full_name, u.email::text, c.course_title, c.issued_at, c.revoked_at, c.revoked_reason,
           count(*) over ()
      from public.certificates c
      left join auth.users u on u.id = c.user_id
     where (p_status is null
            or (p_status = 'valid' and c.revoked_at is null)
            or (p_status = 'revoked' and c.revoked_at is not null))
       and (v_pattern is null
            or c.full_name ilike v_pattern
            or u.email::text ilike v_pattern
            or c.course_title ilike v_pattern
            or c.code = lower(trim(p_query)))
     order by c.issued_at desc, c.id desc
     limit least(greatest(coalesce(p_limit, 50), 1), 200)
    offset greatest(coalesce(p_offset, 0), 0);
end
$$;
revoke all on function public.admin_certificates(text, text, integer, integer) from public;
grant execute on function public.admin_certificates(text, text, integer, integer) to authenticated, service_role;

-- A revocation now states why (the admin page and the CLI both ask): a blank reason is refused
-- with 22023 before anything changes. Revoking again keeps the first date and reason. The reason
-- stays private to administrators: verify_certificate (below) says when, never why, because a
-- reason may name a person or an allegation the certificate's holder has not agreed to publish.
create or replace function public.revoke_certificate(p_code text, p_reason text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_certificate public.certificates;
begin
  if not (public.is_admin() or auth.role() = 'service_role') then
    raise exception 'Only administrators can revoke certificates' using errcode = '42501';
  end if;
  if nullif(trim(coalesce(p_reason, '')), '') is null then
    raise exception 'A reason is required to revoke a certificate' using errcode = '22023';
  end if;
  if char_length(trim(p_reason)) > 500 then
    raise exception 'The reason must be at most 500 characters' using errcode = '22023';
  end if;
  update public.certificates
     set revoked_reason = case when revoked_at is null then trim(p_reason) else revoked_reason end,
         revoked_at = coalesce(revoked_at, now())
   where code = lower(trim(p_code))
  returning * into v_certificate;
  if not found then
    raise exception 'Certificate not found' using errcode = 'P0002';
  end if;
  return jsonb_build_object('code', v_certificate.code, 'full_name', v_certificate.full_name,
    'course_title', v_certificate.course_title, 'revoked_at', v_certificate.revoked_at,
    'revoked_reason', v_certificate.revoked_reason);
end
$$;
revoke all on function public.revoke_certificate(text, text) from public, anon;
grant execute on function public.revoke_certificate(text, text) to authenticated, service_role;

-- Public verification also says when a certificate was revoked (null while it stands).
drop function if exists public.verify_certificate(text);
create function public.verify_certificate(p_code text)
returns table (
  full_name text,
  course_title text,
  course_slug text,
  issued_at timestamptz,
  status text,
  pass_mark numeric,
  checks jsonb,
  revoked_at timestamptz
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
            where jsonb_typeof(e) = 'object'), '[]'::jsonb),
         c.revoked_at
    from public.certificates c
    join public.courses co on co.id = c.course_id
   where c.code = lower(trim(p_code))
$$;
revoke all on function public.verify_certificate(text) from public;
grant execute on function public.verify_certificate(text) to anon, authenticated, service_role;
