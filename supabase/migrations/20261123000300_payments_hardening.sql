-- Payments hardening (issue #10 b): money taken by PayPal is never lost and never refused.
--
-- * A discount use counts when a checkout is PAID (activation), not when it is created. While a
--   checkout waits for approval it holds one use for CHECKOUT_HOLD (3 hours, PayPal's approval
--   window); a learner has at most one unfinished checkout (a new one releases the older), and
--   the hand-over runs under a row lock on the learner's profile. A paid checkout always
--   activates, even if the code ran out meanwhile: what PayPal charged is what the learner gets.
-- * A learner paying a second subscription while one is live: every live subscription other
--   than the profile's current one is handed back to the function to cancel at PayPal; a second
--   year paid while the first is active adds that year to the access.
-- * Refund policy: a full refund or a reversal of the payment for the current year ends Premium
--   at once (the function also cancels the PayPal subscription); partial refunds keep access.
-- * check_discount_code is rate-limited per user and per client address in Postgres, so hosted
--   Supabase enforces it too; it answers a refused code as data (so the attempt is counted) and
--   the limit as PostgREST's PT429 error.

-- ---------------------------------------------------------------------------------------------
-- Discount codes: redemptions now counts paid uses, which may exceed max_redemptions when a
-- checkout started in time is paid late. The old table check would refuse that payment.
do $$
declare
  v_name text;
begin
  select c.conname into v_name
    from pg_constraint c
   where c.conrelid = 'public.discount_codes'::regclass
     and c.contype = 'c'
     and pg_get_constraintdef(c.oid) like '%redemptions <= max_redemptions%';
  if v_name is not null then
    execute format('alter table public.discount_codes drop constraint %I', v_name);
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Each PayPal subscription the server created: what became of it.
alter table public.pending_subscriptions
  -- An unpaid checkout given up (superseded by a newer one, cancelled by the buyer): its hold on
  -- a discount use is released. A released checkout that is paid anyway still activates.
  add column released_at timestamptz,
  -- PayPal's status as last seen (webhooks, confirm, reconcile).
  add column paypal_status text not null default 'APPROVAL_PENDING'
    check (paypal_status in ('APPROVAL_PENDING', 'APPROVED', 'ACTIVE', 'SUSPENDED', 'CANCELLED', 'EXPIRED')),
  add column cancelled_at timestamptz,
  -- Set when this subscription was paid while another one was already active for the learner:
  -- its year is added to the access and it is cancelled at PayPal.
  add column duplicate_of text;

update public.pending_subscriptions set paypal_status = 'ACTIVE' where activated_at is not null;
update public.pending_subscriptions p
   set paypal_status = 'CANCELLED', cancelled_at = t.created_at
  from public.subscription_transactions t
 where t.paypal_event_id = 'cancel:' || p.paypal_subscription_id;

-- Uses taken by unfinished checkouts under the old rule are given back; they count when paid.
with unpaid as (
  select discount_code, count(*) as n
    from public.pending_subscriptions
   where activated_at is null and code_redeemed and discount_code is not null
   group by discount_code
)
update public.discount_codes d
   set redemptions = greatest(0, d.redemptions - unpaid.n)
  from unpaid
 where d.code = unpaid.discount_code;
update public.pending_subscriptions set code_redeemed = false where activated_at is null and code_redeemed;

create index pending_subscriptions_code_holds_idx on public.pending_subscriptions (discount_code)
  where activated_at is null and released_at is null and discount_code is not null;

-- How long an unpaid checkout holds a discount use.
create or replace function public.checkout_hold()
returns interval
language sql
immutable
set search_path = ''
as $$ select interval '3 hours' $$;
revoke all on function public.checkout_hold() from public, anon, authenticated;
grant execute on function public.checkout_hold() to service_role;

-- Why a code cannot be used now: paid uses plus the live holds of checkouts against the limit
-- (p_for_user's own checkout is left out: a new one of theirs replaces it).
drop function if exists public.discount_code_problem(text);
create function public.discount_code_problem(p_code text, p_for_user uuid default null)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when d.code is null then 'Unknown discount code'
    when not d.active then 'Unknown discount code'
    when d.expires_at is not null and d.expires_at <= now() then 'This discount code has expired'
    when d.max_redemptions is not null
     and d.redemptions + (
       select count(*) from public.pending_subscriptions p
        where p.discount_code = d.code and p.activated_at is null and p.released_at is null
          and p.created_at > now() - public.checkout_hold()
          and p.user_id is distinct from p_for_user
     ) >= d.max_redemptions then 'This discount code has been fully redeemed'
  end
  from (select 1) one
  left join public.discount_codes d on d.code = upper(trim(p_code))
$$;
revoke all on function public.discount_code_problem(text, uuid) from public, anon, authenticated;
grant execute on function public.discount_code_problem(text, uuid) to service_role;

-- Redeeming is now counting a paid use (activation); the old refusing redemption is dead.
drop function if exists public.redeem_discount_code(text);

-- ---------------------------------------------------------------------------------------------
-- Rate limits in Postgres (a sliding window per bucket), for RPCs PostgREST exposes directly.
create table public.rate_limit_hits (
  bucket text not null,
  hit_at timestamptz not null default clock_timestamp()
);
create index rate_limit_hits_bucket_idx on public.rate_limit_hits (bucket, hit_at);
alter table public.rate_limit_hits enable row level security;
revoke all on table public.rate_limit_hits from anon, authenticated;
grant all on table public.rate_limit_hits to service_role;
-- No policies: only security-definer functions touch it.

-- Counts one hit in the bucket; false (and nothing counted) once the last p_window already holds
-- p_limit hits. Concurrent calls on one bucket queue on an advisory lock, so none slips past.
create or replace function public.take_rate_limit(p_bucket text, p_limit integer, p_window interval)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtextextended(p_bucket, 0));
  delete from public.rate_limit_hits where bucket = p_bucket and hit_at <= now() - p_window;
  if (select count(*) from public.rate_limit_hits where bucket = p_bucket) >= p_limit then
    return false;
  end if;
  insert into public.rate_limit_hits (bucket) values (p_bucket);
  return true;
end
$$;
revoke all on function public.take_rate_limit(text, integer, interval) from public, anon, authenticated;
grant execute on function public.take_rate_limit(text, integer, interval) to service_role;

-- The caller's address as the API gateway saw it: the last X-Forwarded-For entry, which the
-- gateway appends itself (earlier entries are whatever the client sent). PostgREST exposes the
-- request headers as the request.headers setting.
create or replace function public.request_client_address()
returns text
language sql
stable
set search_path = ''
as $$
  select nullif(trim(split_part(h, ',', array_length(string_to_array(h, ','), 1))), '')
    from (select coalesce(current_setting('request.headers', true), '{}')::json ->> 'x-forwarded-for' as h) headers
$$;
revoke all on function public.request_client_address() from public, anon, authenticated;
grant execute on function public.request_client_address() to service_role;

-- /pricing checks a code without table access: {"percent_off": n} or {"percent_off": null,
-- "message": why}. A refusal is an answer, not an error, so the attempt stays counted; more
-- than 10 checks per user or 30 per address in 10 minutes answer PostgREST's 429 (PT429).
drop function if exists public.check_discount_code(text);
create function public.check_discount_code(p_code text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_problem text;
  v_address text := public.request_client_address();
begin
  if auth.uid() is null then
    raise exception 'Sign in to check a discount code' using errcode = '42501';
  end if;
  if not public.take_rate_limit('discount-check:user:' || auth.uid()::text, 10, interval '10 minutes')
     or (v_address is not null and not public.take_rate_limit('discount-check:address:' || v_address, 30, interval '10 minutes')) then
    raise exception 'Too many discount code checks; please wait a few minutes and try again'
      using errcode = 'PT429', hint = 'Discount code checks are limited to 10 per account and 30 per address every 10 minutes';
  end if;
  v_problem := public.discount_code_problem(p_code, auth.uid());
  if v_problem is not null then
    return jsonb_build_object('percent_off', null, 'message', v_problem);
  end if;
  return jsonb_build_object('percent_off', (select percent_off from public.discount_codes where code = upper(trim(p_code))));
end
$$;
revoke all on function public.check_discount_code(text) from public, anon;
grant execute on function public.check_discount_code(text) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Records a new PayPal checkout (idempotent per subscription id). Under a lock on the learner's
-- profile row: their older unfinished checkouts are released (at most one pending per learner),
-- then the code is checked against paid uses and the other learners' live holds.
create or replace function public.record_pending_subscription(
  p_subscription_id text,
  p_user_id uuid,
  p_plan text,
  p_paypal_plan_id text,
  p_amount numeric,
  p_currency text,
  p_discount_code text,
  p_percent_off integer,
  p_request_id text
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_code text := nullif(upper(trim(coalesce(p_discount_code, ''))), '');
  v_problem text;
begin
  perform 1 from public.profiles where id = p_user_id for update;
  if not found then
    raise exception 'Profile not found' using errcode = 'P0002';
  end if;
  if exists (select 1 from public.pending_subscriptions where paypal_subscription_id = p_subscription_id) then
    return;
  end if;
  update public.pending_subscriptions
     set released_at = now()
   where user_id = p_user_id and activated_at is null and released_at is null;
  if v_code is not null then
    -- Serialises learners racing for the last use of one code.
    perform 1 from public.discount_codes where code = v_code for update;
    v_problem := public.discount_code_problem(v_code, p_user_id);
    if v_problem is not null then
      raise exception '%', v_problem using errcode = 'P0001';
    end if;
  end if;
  insert into public.pending_subscriptions
    (paypal_subscription_id, user_id, plan, paypal_plan_id, amount, currency, discount_code, percent_off, code_redeemed, request_id)
  values
    (p_subscription_id, p_user_id, p_plan, p_paypal_plan_id, p_amount, p_currency, v_code, p_percent_off, false, p_request_id);
end
$$;

-- The learner left PayPal with Cancel: their checkout stops holding a discount use.
create or replace function public.release_checkout(p_subscription_id text)
returns boolean
language sql
volatile
security definer
set search_path = ''
as $$
  with released as (
    update public.pending_subscriptions
       set released_at = now()
     where paypal_subscription_id = p_subscription_id
       and user_id = auth.uid()
       and activated_at is null
       and released_at is null
    returning 1
  )
  select exists (select 1 from released)
$$;
revoke all on function public.release_checkout(text) from public, anon;
grant execute on function public.release_checkout(text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Live subscriptions of a learner that must be cancelled at PayPal: every activated one, not
-- cancelled or expired, other than the profile's current one.
create or replace function public.subscriptions_to_cancel(p_user_id uuid)
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(p.paypal_subscription_id order by p.activated_at), '{}')
    from public.pending_subscriptions p
    left join public.profiles pr on pr.id = p.user_id
   where p.user_id = p_user_id
     and p.activated_at is not null
     and p.paypal_status in ('ACTIVE', 'SUSPENDED')
     and p.paypal_subscription_id is distinct from pr.paypal_subscription_id
$$;
revoke all on function public.subscriptions_to_cancel(uuid) from public, anon, authenticated;
grant execute on function public.subscriptions_to_cancel(uuid) to service_role;

-- Activates a PAID, verified PayPal subscription. Never refuses for a discount code (the money
-- is taken). Idempotent. Returns {"profile": …, "cancel_at_paypal": [ids]}.
drop function if exists public.activate_subscription(text, timestamptz, timestamptz);
create function public.activate_paid_subscription(
  p_subscription_id text,
  p_start timestamptz,
  p_end timestamptz
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_pending public.pending_subscriptions;
  v_profile public.profiles;
  v_live_other boolean;
begin
  select * into v_pending from public.pending_subscriptions where paypal_subscription_id = p_subscription_id;
  if not found then
    raise exception 'Unknown subscription' using errcode = 'P0002';
  end if;
  -- Profile first, then the checkout: the same order record_pending_subscription locks in.
  select * into v_profile from public.profiles where id = v_pending.user_id for update;
  if not found then
    raise exception 'Profile not found' using errcode = 'P0002';
  end if;
  select * into v_pending from public.pending_subscriptions where paypal_subscription_id = p_subscription_id for update;

  if v_pending.activated_at is null then
    if v_pending.discount_code is not null and not v_pending.code_redeemed then
      update public.discount_codes set redemptions = redemptions + 1 where code = v_pending.discount_code;
    end if;
    v_live_other := v_profile.paypal_subscription_id is not null
      and v_profile.paypal_subscription_id <> p_subscription_id
      and v_profile.subscription_status = 'active'
      and v_profile.subscription_end_date > now();
    if v_live_other then
      -- A second year paid while the first is active: the learner gets that year.
      update public.profiles
         set subscription_end_date = subscription_end_date + (p_end - p_start)
       where id = v_pending.user_id;
    else
      update public.profiles
         set subscription_status = 'active',
             subscription_plan = v_pending.plan,
             subscription_amount = v_pending.amount,
             discount_code = v_pending.discount_code,
             subscription_start_date = p_start,
             subscription_end_date = p_end,
             paypal_subscription_id = p_subscription_id
       where id = v_pending.user_id;
    end if;
    insert into public.subscription_transactions
      (user_id, transaction_type, amount, currency, status, paypal_subscription_id, paypal_event_id)
    values
      (v_pending.user_id, 'subscription', v_pending.amount, v_pending.currency, 'completed', p_subscription_id, 'confirm:' || p_subscription_id)
    on conflict (paypal_event_id) do nothing;
    update public.pending_subscriptions
       set activated_at = now(),
           code_redeemed = discount_code is not null,
           paypal_status = 'ACTIVE',
           duplicate_of = case when v_live_other then v_profile.paypal_subscription_id end
     where paypal_subscription_id = p_subscription_id;
  end if;
  select * into v_profile from public.profiles where id = v_pending.user_id;
  return jsonb_build_object('profile', to_jsonb(v_profile), 'cancel_at_paypal', to_jsonb(public.subscriptions_to_cancel(v_pending.user_id)));
end
$$;
revoke all on function public.activate_paid_subscription(text, timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function public.activate_paid_subscription(text, timestamptz, timestamptz) to service_role;

-- Marks a subscription cancelled (access until the end date when it is the profile's current
-- one) and records one 'cancellation' transaction, whichever of site, webhook or reconcile is first.
create or replace function public.mark_subscription_cancelled(p_subscription_id text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid;
begin
  select user_id into v_user from public.pending_subscriptions where paypal_subscription_id = p_subscription_id;
  if v_user is null then
    select id into v_user from public.profiles where paypal_subscription_id = p_subscription_id;
  end if;
  if v_user is null then
    return;
  end if;
  update public.pending_subscriptions
     set paypal_status = 'CANCELLED', cancelled_at = coalesce(cancelled_at, now())
   where paypal_subscription_id = p_subscription_id and paypal_status <> 'EXPIRED';
  update public.profiles
     set subscription_status = 'cancelled'
   where paypal_subscription_id = p_subscription_id
     and subscription_status in ('active', 'suspended');
  insert into public.subscription_transactions
    (user_id, transaction_type, amount, currency, status, paypal_subscription_id, paypal_event_id)
  values (v_user, 'cancellation', 0, 'USD', 'completed', p_subscription_id, 'cancel:' || p_subscription_id)
  on conflict (paypal_event_id) do nothing;
end
$$;

-- Every PayPal subscription the caller has paid for, newest first, with its state here.
create or replace function public.my_paypal_subscriptions()
returns table (
  paypal_subscription_id text,
  paypal_status text,
  amount numeric,
  currency text,
  discount_code text,
  activated_at timestamptz,
  cancelled_at timestamptz,
  is_current boolean
)
language sql
stable
security definer
set search_path = ''
as $$
  select p.paypal_subscription_id, p.paypal_status, p.amount, p.currency, p.discount_code,
         p.activated_at, p.cancelled_at, p.paypal_subscription_id = pr.paypal_subscription_id
    from public.pending_subscriptions p
    join public.profiles pr on pr.id = p.user_id
   where p.user_id = auth.uid() and p.activated_at is not null
   order by p.activated_at desc
$$;
revoke all on function public.my_paypal_subscriptions() from public, anon;
grant execute on function public.my_paypal_subscriptions() to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Refunds and reversals. The sale a refund refers to is the current period's when it is the
-- subscription's latest payment (the first sale, or the newest renewal).
create or replace function public.latest_sale_id(p_subscription_id text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select t.paypal_event_id from public.subscription_transactions t
      where t.paypal_subscription_id = p_subscription_id and t.transaction_type = 'renewal'
      order by t.created_at desc limit 1),
    (select first_sale_id from public.pending_subscriptions where paypal_subscription_id = p_subscription_id))
$$;
revoke all on function public.latest_sale_id(text) from public, anon, authenticated;
grant execute on function public.latest_sale_id(text) to service_role;

-- Records a verified webhook event once and applies it, in one transaction. Returns what
-- happened: 'duplicate', 'ignored', 'initial_payment', 'applied' or 'access_ended' (a refund or
-- reversal of the current year: the function then cancels the subscription at PayPal).
-- BILLING.SUBSCRIPTION.ACTIVATED is verified and applied by the function (activate_paid_subscription)
-- before it is recorded here.
create or replace function public.apply_paypal_event(p_event jsonb)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id text := p_event ->> 'id';
  v_type text := p_event ->> 'event_type';
  v_resource jsonb := coalesce(p_event -> 'resource', '{}'::jsonb);
  v_sub text;
  v_pending public.pending_subscriptions;
  v_user uuid;
  v_amount numeric;
  v_currency text;
  v_sale text;
  v_sale_amount numeric;
  v_outcome text := 'applied';
begin
  if v_id is null or v_type is null then
    raise exception 'Event id and event_type are required' using errcode = '22023';
  end if;
  if v_type like 'PAYMENT.SALE.%' then
    v_sub := v_resource ->> 'billing_agreement_id';
    -- A refund or reversal names the sale it returns (sale_id); a completed sale is itself.
    v_sale := case when v_type = 'PAYMENT.SALE.COMPLETED' then v_resource ->> 'id' else coalesce(v_resource ->> 'sale_id', v_resource ->> 'id') end;
    if v_sub is null and v_sale is not null then
      select paypal_subscription_id into v_sub from public.pending_subscriptions where first_sale_id = v_sale;
      if v_sub is null then
        select paypal_subscription_id into v_sub from public.subscription_transactions where paypal_event_id = v_sale;
      end if;
    end if;
  else
    v_sub := v_resource ->> 'id';
  end if;

  insert into public.paypal_webhook_events (event_id, event_type, resource_id, payload)
  values (v_id, v_type, v_sub, p_event)
  on conflict (event_id) do nothing;
  if not found then
    return 'duplicate';
  end if;

  select * into v_pending from public.pending_subscriptions where paypal_subscription_id = v_sub for update;
  if not found then
    update public.paypal_webhook_events set outcome = 'ignored' where event_id = v_id;
    return 'ignored';
  end if;
  v_user := v_pending.user_id;
  -- A subscription that was never activated here (abandoned, or refused as tampered) touches
  -- neither the profile nor the history; only its first sale is noted, so that a later
  -- activation does not count it as a renewal.
  if v_pending.activated_at is null
     and v_type not in ('BILLING.SUBSCRIPTION.ACTIVATED', 'PAYMENT.SALE.COMPLETED') then
    update public.paypal_webhook_events set outcome = 'ignored' where event_id = v_id;
    return 'ignored';
  end if;

  case v_type
    when 'BILLING.SUBSCRIPTION.ACTIVATED' then
      v_outcome := 'applied';
    when 'BILLING.SUBSCRIPTION.CANCELLED' then
      perform public.mark_subscription_cancelled(v_sub);
    when 'BILLING.SUBSCRIPTION.SUSPENDED' then
      update public.pending_subscriptions set paypal_status = 'SUSPENDED'
       where paypal_subscription_id = v_sub and paypal_status = 'ACTIVE';
      update public.profiles set subscription_status = 'suspended'
       where paypal_subscription_id = v_sub and subscription_status = 'active';
      insert into public.subscription_transactions
        (user_id, transaction_type, amount, currency, status, paypal_subscription_id, paypal_event_id)
      values (v_user, 'suspension', 0, v_pending.currency, 'completed', v_sub, v_id)
      on conflict (paypal_event_id) do nothing;
    when 'BILLING.SUBSCRIPTION.EXPIRED' then
      update public.pending_subscriptions set paypal_status = 'EXPIRED' where paypal_subscription_id = v_sub;
      update public.profiles set subscription_status = 'expired'
       where paypal_subscription_id = v_sub and subscription_status <> 'expired';
      insert into public.subscription_transactions
        (user_id, transaction_type, amount, currency, status, paypal_subscription_id, paypal_event_id)
      values (v_user, 'expiry', 0, v_pending.currency, 'completed', v_sub, 'expire:' || v_sub)
      on conflict (paypal_event_id) do nothing;
    when 'BILLING.SUBSCRIPTION.PAYMENT.FAILED' then
      v_amount := coalesce((v_resource #>> '{billing_info,last_failed_payment,amount,value}')::numeric, v_pending.amount);
      insert into public.subscription_transactions
        (user_id, transaction_type, amount, currency, status, paypal_subscription_id, paypal_event_id)
      values (v_user, 'payment_failed', v_amount, v_pending.currency, 'failed', v_sub, v_id)
      on conflict (paypal_event_id) do nothing;
    when 'PAYMENT.SALE.COMPLETED' then
      v_amount := coalesce((v_resource #>> '{amount,total}')::numeric, v_pending.amount);
      v_currency := coalesce(v_resource #>> '{amount,currency}', v_pending.currency);
      if v_pending.first_sale_id is null or v_pending.first_sale_id = v_resource ->> 'id' then
        -- The payment PayPal takes at activation: already recorded as the 'subscription'
        -- transaction with its year; it must not extend the end date again.
        update public.pending_subscriptions set first_sale_id = v_resource ->> 'id' where paypal_subscription_id = v_sub;
        v_outcome := 'initial_payment';
      elsif v_pending.activated_at is null then
        v_outcome := 'ignored';
      elsif not exists (select 1 from public.subscription_transactions where paypal_event_id = v_resource ->> 'id') then
        update public.pending_subscriptions set paypal_status = 'ACTIVE'
         where paypal_subscription_id = v_sub and paypal_status = 'SUSPENDED';
        update public.profiles
           set subscription_end_date = coalesce(subscription_end_date, now()) + interval '1 year',
               -- a successful retry after failures reactivates; a cancelled or expired status stays
               subscription_status = case when subscription_status = 'suspended' then 'active' else subscription_status end
         where paypal_subscription_id = v_sub;
        insert into public.subscription_transactions
          (user_id, transaction_type, amount, currency, status, paypal_subscription_id, paypal_event_id)
        values (v_user, 'renewal', v_amount, v_currency, 'completed', v_sub, v_resource ->> 'id');
      end if;
    when 'PAYMENT.SALE.REFUNDED', 'PAYMENT.SALE.REVERSED' then
      v_amount := abs(coalesce((v_resource #>> '{amount,total}')::numeric, 0));
      v_currency := coalesce(v_resource #>> '{amount,currency}', v_pending.currency);
      insert into public.subscription_transactions
        (user_id, transaction_type, amount, currency, status, paypal_subscription_id, paypal_event_id)
      values (v_user, 'refund', v_amount, v_currency, 'completed', v_sub, coalesce(v_resource ->> 'id', v_id))
      on conflict (paypal_event_id) do nothing;
      -- Refund policy: the current year's payment returned in full (or reversed) ends Premium now.
      v_sale_amount := coalesce(
        (select amount from public.subscription_transactions where paypal_event_id = v_sale and transaction_type = 'renewal'),
        v_pending.amount);
      if v_sale is not null and v_sale = public.latest_sale_id(v_sub)
         and (v_type = 'PAYMENT.SALE.REVERSED' or v_amount >= v_sale_amount) then
        update public.profiles
           set subscription_end_date = least(subscription_end_date, now()),
               subscription_status = case when subscription_status in ('active', 'suspended') then 'cancelled' else subscription_status end
         where paypal_subscription_id = v_sub;
        v_outcome := 'access_ended';
      end if;
    else
      v_outcome := 'ignored';
  end case;
  update public.paypal_webhook_events set outcome = v_outcome where event_id = v_id;
  return v_outcome;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Reconcile (npm run admin -- reconcile): brings one subscription in line with PayPal's status
-- and next billing time. Returns what it changed (empty when everything already matched).
-- Activation of a paid subscription is done by the caller with activate_paid_subscription.
create or replace function public.reconcile_subscription(p_subscription_id text, p_paypal_status text, p_next_billing timestamptz)
returns text[]
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_pending public.pending_subscriptions;
  v_profile public.profiles;
  v_changes text[] := '{}';
begin
  select * into v_pending from public.pending_subscriptions where paypal_subscription_id = p_subscription_id for update;
  if not found or v_pending.activated_at is null then
    return v_changes;
  end if;
  select * into v_profile from public.profiles where id = v_pending.user_id and paypal_subscription_id = p_subscription_id for update;
  if p_paypal_status = 'CANCELLED' and v_pending.paypal_status <> 'CANCELLED' then
    perform public.mark_subscription_cancelled(p_subscription_id);
    v_changes := array_append(v_changes, 'marked cancelled');
  elsif p_paypal_status = 'EXPIRED' and v_pending.paypal_status <> 'EXPIRED' then
    update public.pending_subscriptions set paypal_status = 'EXPIRED' where paypal_subscription_id = p_subscription_id;
    update public.profiles set subscription_status = 'expired'
     where paypal_subscription_id = p_subscription_id and subscription_status <> 'expired';
    v_changes := array_append(v_changes, 'marked expired');
  elsif p_paypal_status = 'SUSPENDED' and v_pending.paypal_status = 'ACTIVE' then
    update public.pending_subscriptions set paypal_status = 'SUSPENDED' where paypal_subscription_id = p_subscription_id;
    update public.profiles set subscription_status = 'suspended'
     where paypal_subscription_id = p_subscription_id and subscription_status = 'active';
    v_changes := array_append(v_changes, 'marked suspended');
  elsif p_paypal_status = 'ACTIVE' and v_pending.paypal_status = 'SUSPENDED' then
    update public.pending_subscriptions set paypal_status = 'ACTIVE' where paypal_subscription_id = p_subscription_id;
    update public.profiles set subscription_status = 'active'
     where paypal_subscription_id = p_subscription_id and subscription_status = 'suspended';
    v_changes := array_append(v_changes, 'marked active again');
  end if;
  -- A renewal PayPal took while its webhook was lost: access runs to the next billing time.
  if p_paypal_status = 'ACTIVE' and p_next_billing is not null and v_profile.id is not null
     and v_profile.subscription_end_date is distinct from p_next_billing
     and (v_profile.subscription_end_date is null or v_profile.subscription_end_date < p_next_billing) then
    update public.profiles set subscription_end_date = p_next_billing where id = v_profile.id;
    v_changes := array_append(v_changes, format('access extended to %s', to_char(p_next_billing at time zone 'UTC', 'YYYY-MM-DD')));
  end if;
  return v_changes;
end
$$;
revoke all on function public.reconcile_subscription(text, text, timestamptz) from public, anon, authenticated;
grant execute on function public.reconcile_subscription(text, text, timestamptz) to service_role;
