-- Premium: yearly PayPal subscription. The PayPal functions (service role) are the only writers;
-- every multi-row change is one SQL function, so each runs in one transaction and a request that
-- fails half-way writes nothing.
--
-- Flow: create-subscription checks the code (check_discount_code), creates the PayPal subscription,
-- then record_pending_subscription remembers what the server expects (user, plan, amount, code)
-- and redeems the code atomically. confirm-subscription / the ACTIVATED webhook verify PayPal's
-- subscription against that record and call activate_subscription. Every other webhook goes
-- through apply_paypal_event, which records the event id once and applies it in the same
-- transaction.

-- ---------------------------------------------------------------------------------------------
-- "Is this user Premium?": the one answer used by RLS and by the site. Active, or cancelled with
-- access until the end date, and the end date has not passed (no webhook needed for expiry).
-- Anyone may ask about themselves; only admins and the service role about others; anon gets false.
create or replace function public.is_premium(p_user_id uuid default auth.uid())
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select p.subscription_status in ('active', 'cancelled')
       and p.subscription_end_date is not null
       and p.subscription_end_date > now()
    from public.profiles p
    where p.id = p_user_id
      and (p_user_id = auth.uid() or auth.role() = 'service_role' or public.is_admin())
  ), false)
$$;
revoke all on function public.is_premium(uuid) from public;
grant execute on function public.is_premium(uuid) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Discount codes. Codes are matched case-insensitively (stored upper-case).
create or replace function public.discount_code_problem(p_code text)
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
    when d.max_redemptions is not null and d.redemptions >= d.max_redemptions then 'This discount code has been fully redeemed'
  end
  from (select 1) one
  left join public.discount_codes d on d.code = upper(trim(p_code))
$$;
revoke all on function public.discount_code_problem(text) from public, anon, authenticated;
grant execute on function public.discount_code_problem(text) to service_role;

-- /pricing validates a code without table access: percent_off, or a clear error (P0001 → 400).
create or replace function public.check_discount_code(p_code text)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_problem text := public.discount_code_problem(p_code);
begin
  if v_problem is not null then
    raise exception '%', v_problem using errcode = 'P0001';
  end if;
  return (select percent_off from public.discount_codes where code = upper(trim(p_code)));
end
$$;
revoke all on function public.check_discount_code(text) from public, anon;
grant execute on function public.check_discount_code(text) to authenticated, service_role;

-- One atomic redemption: a single UPDATE guarded by the limits, so two concurrent calls on the
-- last use succeed once (the second waits for the row lock, re-checks and matches nothing).
create or replace function public.redeem_discount_code(p_code text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_percent integer;
begin
  update public.discount_codes
     set redemptions = redemptions + 1
   where code = upper(trim(p_code))
     and active
     and (expires_at is null or expires_at > now())
     and (max_redemptions is null or redemptions < max_redemptions)
  returning percent_off into v_percent;
  if v_percent is null then
    raise exception '%', coalesce(public.discount_code_problem(p_code), 'Unknown discount code') using errcode = 'P0001';
  end if;
  return v_percent;
end
$$;
revoke all on function public.redeem_discount_code(text) from public, anon, authenticated;
grant execute on function public.redeem_discount_code(text) to service_role;

-- ---------------------------------------------------------------------------------------------
-- What the server expects of each PayPal subscription it created.
create table public.pending_subscriptions (
  paypal_subscription_id text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  plan text not null,
  paypal_plan_id text not null,
  amount numeric(10, 2) not null check (amount >= 0),
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  discount_code text,
  percent_off integer,
  code_redeemed boolean not null default false,
  request_id text not null,
  created_at timestamptz not null default now(),
  activated_at timestamptz,
  -- The sale PayPal makes at activation; later sales are renewals.
  first_sale_id text
);
create index pending_subscriptions_user_idx on public.pending_subscriptions (user_id, created_at desc);
alter table public.pending_subscriptions enable row level security;
revoke all on table public.pending_subscriptions from anon, authenticated;
grant all on table public.pending_subscriptions to service_role;

-- Each webhook event id is processed once (PayPal delivers at least once).
create table public.paypal_webhook_events (
  event_id text primary key,
  event_type text not null,
  resource_id text,
  outcome text,
  received_at timestamptz not null default now(),
  payload jsonb not null
);
alter table public.paypal_webhook_events enable row level security;
revoke all on table public.paypal_webhook_events from anon, authenticated;
grant all on table public.paypal_webhook_events to service_role;

-- Records a new PayPal subscription (idempotent per subscription id) and redeems its discount
-- code. A user's own earlier unfinished checkout with the same code hands its redemption over,
-- so clicking Subscribe twice does not use the code twice.
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
  v_previous text;
begin
  if exists (select 1 from public.pending_subscriptions where paypal_subscription_id = p_subscription_id) then
    return;
  end if;
  if v_code is not null then
    select paypal_subscription_id into v_previous
      from public.pending_subscriptions
     where user_id = p_user_id and discount_code = v_code and code_redeemed and activated_at is null
     order by created_at desc
     limit 1
     for update;
    if v_previous is not null then
      update public.pending_subscriptions set code_redeemed = false where paypal_subscription_id = v_previous;
    else
      perform public.redeem_discount_code(v_code);
    end if;
  end if;
  insert into public.pending_subscriptions
    (paypal_subscription_id, user_id, plan, paypal_plan_id, amount, currency, discount_code, percent_off, code_redeemed, request_id)
  values
    (p_subscription_id, p_user_id, p_plan, p_paypal_plan_id, p_amount, p_currency, v_code, p_percent_off, v_code is not null, p_request_id);
end
$$;
revoke all on function public.record_pending_subscription(text, uuid, text, text, numeric, text, text, integer, text) from public, anon, authenticated;
grant execute on function public.record_pending_subscription(text, uuid, text, text, numeric, text, text, integer, text) to service_role;

-- Activates the profile for a verified PayPal subscription. Idempotent: a second call (confirm
-- twice, or confirm and the ACTIVATED webhook) changes nothing and records no second transaction.
create or replace function public.activate_subscription(
  p_subscription_id text,
  p_start timestamptz,
  p_end timestamptz
)
returns public.profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_pending public.pending_subscriptions;
  v_profile public.profiles;
begin
  select * into v_pending from public.pending_subscriptions
   where paypal_subscription_id = p_subscription_id
   for update;
  if not found then
    raise exception 'Unknown subscription' using errcode = 'P0002';
  end if;
  if v_pending.activated_at is null then
    if v_pending.discount_code is not null and not v_pending.code_redeemed then
      perform public.redeem_discount_code(v_pending.discount_code);
      update public.pending_subscriptions set code_redeemed = true where paypal_subscription_id = p_subscription_id;
    end if;
    update public.profiles
       set subscription_status = 'active',
           subscription_plan = v_pending.plan,
           subscription_amount = v_pending.amount,
           discount_code = v_pending.discount_code,
           subscription_start_date = p_start,
           subscription_end_date = p_end,
           paypal_subscription_id = p_subscription_id
     where id = v_pending.user_id;
    if not found then
      raise exception 'Profile not found' using errcode = 'P0002';
    end if;
    insert into public.subscription_transactions
      (user_id, transaction_type, amount, currency, status, paypal_subscription_id, paypal_event_id)
    values
      (v_pending.user_id, 'subscription', v_pending.amount, v_pending.currency, 'completed', p_subscription_id, 'confirm:' || p_subscription_id)
    on conflict (paypal_event_id) do nothing;
    update public.pending_subscriptions set activated_at = now() where paypal_subscription_id = p_subscription_id;
  end if;
  select * into v_profile from public.profiles where id = v_pending.user_id;
  return v_profile;
end
$$;
revoke all on function public.activate_subscription(text, timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function public.activate_subscription(text, timestamptz, timestamptz) to service_role;

-- Marks a subscription cancelled (access until the end date) and records one 'cancellation'
-- transaction, whether the cancel came from the site, from PayPal's webhook, or both.
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
revoke all on function public.mark_subscription_cancelled(text) from public, anon, authenticated;
grant execute on function public.mark_subscription_cancelled(text) to service_role;

-- Records a verified webhook event once and applies it, in one transaction. Returns what
-- happened: 'duplicate', 'ignored', 'initial_payment' or 'applied'.
-- BILLING.SUBSCRIPTION.ACTIVATED is verified and applied by the function (activate_subscription)
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
  v_outcome text := 'applied';
begin
  if v_id is null or v_type is null then
    raise exception 'Event id and event_type are required' using errcode = '22023';
  end if;
  if v_type like 'PAYMENT.SALE.%' then
    v_sub := v_resource ->> 'billing_agreement_id';
    if v_sub is null and v_resource ? 'sale_id' then
      select paypal_subscription_id into v_sub from public.pending_subscriptions where first_sale_id = v_resource ->> 'sale_id';
      if v_sub is null then
        select paypal_subscription_id into v_sub from public.subscription_transactions where paypal_event_id = v_resource ->> 'sale_id';
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
      update public.profiles set subscription_status = 'suspended'
       where paypal_subscription_id = v_sub and subscription_status = 'active';
      insert into public.subscription_transactions
        (user_id, transaction_type, amount, currency, status, paypal_subscription_id, paypal_event_id)
      values (v_user, 'suspension', 0, v_pending.currency, 'completed', v_sub, v_id)
      on conflict (paypal_event_id) do nothing;
    when 'BILLING.SUBSCRIPTION.EXPIRED' then
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
        update public.profiles
           set subscription_end_date = coalesce(subscription_end_date, now()) + interval '1 year',
               -- a successful retry after failures reactivates; a cancelled or expired status stays
               subscription_status = case when subscription_status = 'suspended' then 'active' else subscription_status end
         where paypal_subscription_id = v_sub;
        insert into public.subscription_transactions
          (user_id, transaction_type, amount, currency, status, paypal_subscription_id, paypal_event_id)
        values (v_user, 'renewal', v_amount, v_currency, 'completed', v_sub, v_resource ->> 'id');
      end if;
    when 'PAYMENT.SALE.REFUNDED' then
      v_amount := coalesce((v_resource #>> '{amount,total}')::numeric, 0);
      v_currency := coalesce(v_resource #>> '{amount,currency}', v_pending.currency);
      insert into public.subscription_transactions
        (user_id, transaction_type, amount, currency, status, paypal_subscription_id, paypal_event_id)
      values (v_user, 'refund', v_amount, v_currency, 'completed', v_sub, coalesce(v_resource ->> 'id', v_id))
      on conflict (paypal_event_id) do nothing;
    else
      v_outcome := 'ignored';
  end case;
  update public.paypal_webhook_events set outcome = v_outcome where event_id = v_id;
  return v_outcome;
end
$$;
revoke all on function public.apply_paypal_event(jsonb) from public, anon, authenticated;
grant execute on function public.apply_paypal_event(jsonb) to service_role;
