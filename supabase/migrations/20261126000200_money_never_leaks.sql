-- Money that never leaks (issue 26, attack run). Access equals what was paid and not refunded,
-- a code is redeemed once per account, unpaid checkouts hold a use only briefly and an account
-- cannot renew its hold, and every way of trying a code shares one limiter.
--
-- * Each activated checkout records the access it granted (granted). A full refund, reversal
--   or lost dispute of a subscription's latest payment takes that period back from the owner's
--   access, whether the subscription is the profile's current one or a second one whose year
--   was added to it (before, only the current one's was taken back, so refunding the second
--   payment of a double Subscribe kept the extra year).
-- * A discount code counts once per account. A further checkout of the same account paid with
--   a code it already redeemed (a released checkout is still payable at PayPal) buys time at the
--   full price: its share of a year is what it paid over the full price; it never becomes the
--   current subscription (it is cancelled at PayPal like any second one) and takes no use.
--   New checkouts with a code the account already redeemed are refused.
-- * An unpaid checkout holds a use for checkout_hold() (15 minutes) counted from the account's
--   first checkout with that code in the last day, so creating checkouts again does not renew it.
-- * check_discount_code and create-subscription take the same attempt limiter
--   (take_discount_code_attempt): 10 per account and 30 per address in 10 minutes.
-- * A renewal PayPal takes on a subscription whose first year was added to the learner's current one
--   (a double Subscribe whose cancellation at PayPal had not gone through) extends the owner's
--   access like any renewal; before, it matched no profile, so a year was paid and never given, and
--   a refund of it (take_back_payment) would then have taken back a year that was never granted.
-- * Subscribing again while a cancelled subscription still runs kept only the new year: the days
--   left of the earlier, paid year were lost. They are now added to the new subscription's end date
--   (PayPal bills the new one a year after it starts, inside the access), and a refund of the
--   earlier payment takes back those carried days, never more than a subscription added to the
--   access granted (take_back_payment).

alter table public.pending_subscriptions
  -- The access this checkout's activation granted (null before this migration: a year).
  add column granted interval;

create or replace function public.checkout_hold()
returns interval
language sql
immutable
set search_path = ''
as $$ select interval '15 minutes' $$;
revoke all on function public.checkout_hold() from public, anon, authenticated;
grant execute on function public.checkout_hold() to service_role;

-- Why a code cannot be used now by p_for_user (null: it can). A hold counts from the holder's
-- first checkout with the code within the day before, so a new checkout does not restart it.
create or replace function public.discount_code_problem(p_code text, p_for_user uuid default null)
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
    when p_for_user is not null and exists (
      select 1 from public.pending_subscriptions r
       where r.user_id = p_for_user and r.discount_code = d.code and r.code_redeemed
    ) then 'You have already used this discount code'
    when d.max_redemptions is not null
     and d.redemptions + (
       select count(*) from public.pending_subscriptions p
        where p.discount_code = d.code and p.activated_at is null and p.released_at is null
          and p.user_id is distinct from p_for_user
          and p.created_at > now() - public.checkout_hold()
          and (select min(q.created_at) from public.pending_subscriptions q
                where q.user_id = p.user_id and q.discount_code = p.discount_code
                  and q.created_at <= p.created_at and q.created_at > p.created_at - interval '1 day')
              > now() - public.checkout_hold()
     ) >= d.max_redemptions then 'This discount code has been fully redeemed'
  end
  from (select 1) one
  left join public.discount_codes d on d.code = upper(trim(p_code))
$$;
revoke all on function public.discount_code_problem(text, uuid) from public, anon, authenticated;
grant execute on function public.discount_code_problem(text, uuid) to service_role;

-- One limiter for every way of trying a code: counts one attempt of p_user (and of p_address
-- when known) and raises PostgREST's PT429 once 10 per account or 30 per address were made in
-- 10 minutes. Called by check_discount_code and, through the service role, by create-subscription.
create or replace function public.take_discount_code_attempt(p_user uuid, p_address text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not public.take_rate_limit('discount-check:user:' || p_user::text, 10, interval '10 minutes')
     or (p_address is not null and not public.take_rate_limit('discount-check:address:' || p_address, 30, interval '10 minutes')) then
    raise exception 'Too many discount code checks; please wait a few minutes and try again'
      using errcode = 'PT429', hint = 'Discount code checks are limited to 10 per account and 30 per address every 10 minutes';
  end if;
end
$$;
revoke all on function public.take_discount_code_attempt(uuid, text) from public, anon, authenticated;
grant execute on function public.take_discount_code_attempt(uuid, text) to service_role;

create or replace function public.check_discount_code(p_code text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_problem text;
begin
  if auth.uid() is null then
    raise exception 'Sign in to check a discount code' using errcode = '42501';
  end if;
  perform public.take_discount_code_attempt(auth.uid(), public.request_client_address());
  v_problem := public.discount_code_problem(p_code, auth.uid());
  if v_problem is not null then
    return jsonb_build_object('percent_off', null, 'message', v_problem);
  end if;
  return jsonb_build_object('percent_off', (select percent_off from public.discount_codes where code = upper(trim(p_code))));
end
$$;
revoke all on function public.check_discount_code(text) from public, anon;
grant execute on function public.check_discount_code(text) to authenticated;

-- Activates a PAID, verified PayPal subscription (as in 20261123000300), recording the access
-- it granted; a checkout paid with a code the account already redeemed buys time at full price.
create or replace function public.activate_paid_subscription(
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
  v_reuse boolean;
  v_granted interval := p_end - p_start;
  v_carry interval := interval '0';
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
    v_reuse := v_pending.discount_code is not null and exists (
      select 1 from public.pending_subscriptions r
       where r.user_id = v_pending.user_id and r.discount_code = v_pending.discount_code
         and r.code_redeemed and r.paypal_subscription_id <> p_subscription_id);
    v_live_other := v_profile.paypal_subscription_id is not null
      and v_profile.paypal_subscription_id <> p_subscription_id
      and v_profile.subscription_status = 'active'
      and v_profile.subscription_end_date > now();
    if v_reuse then
      -- The discount was this account's once already: what was paid buys its share of a year.
      v_granted := v_granted * ((100 - coalesce(v_pending.percent_off, 0)) / 100.0);
      update public.profiles
         set subscription_end_date = greatest(coalesce(subscription_end_date, now()), now()) + v_granted,
             subscription_status = case when subscription_status in ('active', 'suspended') and subscription_end_date > now()
                                        then subscription_status else 'cancelled' end
       where id = v_pending.user_id;
    elsif v_live_other then
      -- A second year paid while the first is active: the learner gets that year.
      update public.profiles
         set subscription_end_date = subscription_end_date + v_granted
       where id = v_pending.user_id;
    else
      -- Days still running from a cancelled subscription were paid for: kept on top of the new
      -- year, and recorded on that subscription (duplicate_of, granted) so that a refund of its
      -- payment takes back those days and no more. A paused one (dispute) is not carried over.
      v_carry := case
        when v_profile.subscription_status = 'cancelled' and v_profile.paypal_subscription_id is not null
         and v_profile.paypal_subscription_id <> p_subscription_id
         and not public.dispute_pauses_access(v_profile.paypal_subscription_id)
        then greatest(coalesce(v_profile.subscription_end_date, p_start) - greatest(p_start, now()), interval '0')
        else interval '0' end;
      if v_carry > interval '0' then
        update public.pending_subscriptions
           set duplicate_of = p_subscription_id, granted = v_carry
         where paypal_subscription_id = v_profile.paypal_subscription_id;
      end if;
      update public.profiles
         set subscription_status = 'active',
             subscription_plan = v_pending.plan,
             subscription_amount = v_pending.amount,
             discount_code = v_pending.discount_code,
             subscription_start_date = p_start,
             subscription_end_date = p_end + v_carry,
             paypal_subscription_id = p_subscription_id
       where id = v_pending.user_id;
    end if;
    if v_pending.discount_code is not null and not v_reuse then
      update public.discount_codes set redemptions = redemptions + 1 where code = v_pending.discount_code;
    end if;
    insert into public.subscription_transactions
      (user_id, transaction_type, amount, currency, status, paypal_subscription_id, paypal_event_id)
    values
      (v_pending.user_id, 'subscription', v_pending.amount, v_pending.currency, 'completed', p_subscription_id, 'confirm:' || p_subscription_id)
    on conflict (paypal_event_id) do nothing;
    update public.pending_subscriptions
       set activated_at = now(),
           code_redeemed = discount_code is not null and not v_reuse,
           paypal_status = 'ACTIVE',
           granted = v_granted,
           duplicate_of = case when v_reuse or v_live_other then v_profile.paypal_subscription_id end
     where paypal_subscription_id = p_subscription_id;
  end if;
  select * into v_profile from public.profiles where id = v_pending.user_id;
  return jsonb_build_object('profile', to_jsonb(v_profile), 'cancel_at_paypal', to_jsonb(public.subscriptions_to_cancel(v_pending.user_id)));
end
$$;
revoke all on function public.activate_paid_subscription(text, timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function public.activate_paid_subscription(text, timestamptz, timestamptz) to service_role;

-- Takes back the access a subscription's latest payment bought (a full refund, a reversal or a
-- lost dispute) from its owner: when the subscription is the profile's current one (it then
-- stops renewing: 'cancelled') or was added to it (duplicate_of). A renewal bought a year; the
-- first payment what its activation granted. Access never ends before now nor grows. Returns
-- whether anything was taken back.
create or replace function public.take_back_payment(p_subscription_id text, p_sale_id text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_pending public.pending_subscriptions;
  v_period interval;
  v_current boolean;
begin
  select * into v_pending from public.pending_subscriptions where paypal_subscription_id = p_subscription_id;
  if not found or v_pending.activated_at is null then
    return false;
  end if;
  v_period := case
    when exists (select 1 from public.subscription_transactions
                  where paypal_event_id = p_sale_id and transaction_type = 'renewal') then interval '1 year'
    else coalesce(v_pending.granted, interval '1 year') end;
  select paypal_subscription_id = p_subscription_id into v_current from public.profiles where id = v_pending.user_id;
  -- Added to another subscription's access: no more than it added.
  if not coalesce(v_current, true) and v_pending.granted is not null then
    v_period := least(v_period, v_pending.granted);
  end if;
  if v_current is null or (not v_current and v_pending.duplicate_of is distinct from
        (select paypal_subscription_id from public.profiles where id = v_pending.user_id)) then
    return false;
  end if;
  update public.profiles
     set subscription_end_date = least(subscription_end_date, greatest(subscription_end_date - v_period, now())),
         subscription_status = case
           when subscription_status in ('active', 'suspended')
            and (v_current or subscription_end_date - v_period <= now()) then 'cancelled'
           else subscription_status end
   where id = v_pending.user_id;
  return true;
end
$$;
revoke all on function public.take_back_payment(text, text) from public, anon, authenticated;
grant execute on function public.take_back_payment(text, text) to service_role;

-- Records a verified webhook event once and applies it (as in 20261123000600). A full refund,
-- reversal or lost dispute of a subscription's latest payment now takes back what that payment
-- bought through take_back_payment, also when it was a second subscription added to the access.
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
  v_dispute text;
  v_dispute_code text;
  v_paused boolean;
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
  elsif v_type like 'CUSTOMER.DISPUTE.%' then
    -- A dispute names the sale it is about (seller_transaction_id), not the subscription.
    v_dispute := v_resource ->> 'dispute_id';
    v_sale := v_resource #>> '{disputed_transactions,0,seller_transaction_id}';
    -- Without a dispute id it cannot be matched later: recorded and ignored (a 2xx, since a
    -- resend would be the same), never a 5xx that PayPal would retry for days.
    if v_dispute is not null and v_sale is not null then
      select paypal_subscription_id into v_sub from public.pending_subscriptions where first_sale_id = v_sale;
      if v_sub is null then
        select paypal_subscription_id into v_sub from public.subscription_transactions
         where paypal_event_id = v_sale and transaction_type = 'renewal';
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
        -- The year goes to the owner's access also when this subscription's first year was added
        -- to another one (duplicate_of): the money was taken, so the year is given.
        update public.profiles
           set subscription_end_date = coalesce(subscription_end_date, now()) + interval '1 year',
               -- a successful retry after failures reactivates; a cancelled or expired status stays
               subscription_status = case when subscription_status = 'suspended' and not public.dispute_pauses_access(v_sub) then 'active' else subscription_status end
         where id = v_user
           and (paypal_subscription_id = v_sub or paypal_subscription_id = v_pending.duplicate_of);
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
         and (v_type = 'PAYMENT.SALE.REVERSED' or v_amount >= v_sale_amount)
         and public.take_back_payment(v_sub, v_sale) then
        v_outcome := 'access_ended';
      end if;
    when 'CUSTOMER.DISPUTE.CREATED' then
      -- Dispute policy: a dispute on the current year's payment pauses Premium until it is
      -- resolved. The transaction's status says whether it paused access ('paused') or not
      -- ('open': an older year's payment, or no running access to pause).
      v_paused := v_sale is not null and v_sale = public.latest_sale_id(v_sub)
        and exists (select 1 from public.profiles
                     where paypal_subscription_id = v_sub and subscription_status in ('active', 'cancelled')
                       and subscription_end_date > now());
      insert into public.subscription_transactions
        (user_id, transaction_type, amount, currency, status, paypal_subscription_id, paypal_event_id)
      values (v_user, 'dispute', coalesce((v_resource #>> '{dispute_amount,value}')::numeric, 0),
              coalesce(v_resource #>> '{dispute_amount,currency_code}', v_pending.currency),
              case when v_paused then 'paused' else 'open' end, v_sub, 'dispute:' || v_dispute)
      on conflict (paypal_event_id) do nothing;
      if found and v_paused then
        update public.profiles set subscription_status = 'suspended'
         where paypal_subscription_id = v_sub and subscription_status in ('active', 'cancelled');
        v_outcome := 'access_paused';
      end if;
    when 'CUSTOMER.DISPUTE.RESOLVED' then
      v_dispute_code := coalesce(v_resource #>> '{dispute_outcome,outcome_code}', 'NONE');
      insert into public.subscription_transactions
        (user_id, transaction_type, amount, currency, status, paypal_subscription_id, paypal_event_id)
      values (v_user, 'dispute', coalesce((v_resource #>> '{dispute_outcome,amount_refunded,value}')::numeric, 0),
              coalesce(v_resource #>> '{dispute_outcome,amount_refunded,currency_code}', v_pending.currency),
              lower(v_dispute_code), v_sub, 'dispute-resolved:' || v_dispute)
      on conflict (paypal_event_id) do nothing;
      if found then
        update public.subscription_transactions set status = 'resolved'
         where paypal_event_id = 'dispute:' || v_dispute and status = 'paused'
        returning true into v_paused;
        -- The buyer won (or the claim was accepted): the money went back, so the current year's
        -- access ends as after a full refund. Any other outcome (seller's favour, cancelled by
        -- the buyer, paid out by PayPal itself) gives back what the dispute paused.
        if v_dispute_code in ('RESOLVED_BUYER_FAVOUR', 'ACCEPTED') and v_sale is not null and v_sale = public.latest_sale_id(v_sub)
           and public.take_back_payment(v_sub, v_sale) then
          v_outcome := 'access_ended';
        elsif coalesce(v_paused, false) and not public.dispute_pauses_access(v_sub) then
          update public.profiles
             set subscription_status = case when v_pending.paypal_status = 'CANCELLED' then 'cancelled'
                                            when v_pending.paypal_status = 'SUSPENDED' then 'suspended'
                                            else 'active' end
           where paypal_subscription_id = v_sub and subscription_status = 'suspended';
          v_outcome := 'access_restored';
        end if;
      end if;
    else
      v_outcome := 'ignored';
  end case;
  update public.paypal_webhook_events set outcome = v_outcome where event_id = v_id;
  return v_outcome;
end
$$;
revoke all on function public.apply_paypal_event(jsonb) from public, anon, authenticated;
grant execute on function public.apply_paypal_event(jsonb) to service_role;
