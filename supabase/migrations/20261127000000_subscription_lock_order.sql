-- One lock order for a learner's subscription state, and a cancel whose own SUSPENDED webhook may
-- arrive first.
--
-- 1. A function that changes a learner's profile together with one of their checkouts
--    (pending_subscriptions) locks the profile row first, then the checkout: the profile is the one
--    row every such change of one learner meets. record_pending_subscription,
--    activate_paid_subscription, hold_subscription and resume_held_subscription always did;
--    apply_paypal_event, reconcile_subscription and mark_subscription_cancelled took the checkout
--    first. On PostgreSQL two transactions taking the two rows in opposite orders deadlock and one
--    is aborted (40P01): cancel-subscription's hold_subscription, meeting the SUSPENDED webhook of
--    the very suspension it had asked PayPal for, answered the learner 503 after PayPal had
--    suspended the subscription (PGlite, one connection, never interleaves them).
-- 2. cancel-subscription notes the hold (begin_hold) before it asks PayPal to suspend, so a
--    SUSPENDED webhook that arrives before hold_subscription holds the subscription itself, instead
--    of pausing Premium and writing a 'suspension' into the history. Postgres also decides there
--    whether the subscription may be held (the profile's current, active one, its year running).

alter table public.pending_subscriptions
  -- When cancel-subscription began suspending it at PayPal (null once held, or refused there).
  add column hold_requested_at timestamptz;

-- Locks the profile of the learner who owns p_subscription_id (the first lock every function below
-- takes) and returns their id; null when no learner owns it.
create function public.lock_subscription_owner(p_subscription_id text)
returns uuid
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
  if v_user is not null then
    perform 1 from public.profiles where id = v_user for update;
  end if;
  return v_user;
end
$$;
revoke all on function public.lock_subscription_owner(text) from public, anon, authenticated;

-- Whether cancel-subscription is suspending it at PayPal: a note kept a day at most, so one left by
-- a PayPal call that failed midway never turns PayPal's own suspension (failed payments) into a hold.
-- (Its arguments are the two columns, not the row: a function of the row would be an API column.)
create function public.hold_pending(p_held_at timestamptz, p_hold_requested_at timestamptz)
returns boolean
language sql
stable
set search_path = ''
as $$
  select p_held_at is null and p_hold_requested_at > now() - interval '1 day'
$$;
revoke all on function public.hold_pending(timestamptz, timestamptz) from public, anon, authenticated;

-- Notes that cancel-subscription is about to suspend p_user's subscription at PayPal. True only for
-- the profile's current subscription while it is active and its paid year runs (the one a cancel
-- holds); false for any other, which the caller cancels at PayPal for good.
create function public.begin_hold(p_subscription_id text, p_user uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform 1 from public.profiles where id = p_user for update;
  update public.pending_subscriptions p
     set hold_requested_at = now()
    from public.profiles pr
   where p.paypal_subscription_id = p_subscription_id
     and p.user_id = p_user
     and pr.id = p_user
     and pr.paypal_subscription_id = p_subscription_id
     and pr.subscription_status = 'active'
     and pr.subscription_end_date > now()
     and p.paypal_status = 'ACTIVE'
     and p.held_at is null;
  return found;
end
$$;
revoke all on function public.begin_hold(text, uuid) from public, anon, authenticated;
grant execute on function public.begin_hold(text, uuid) to service_role;

-- Records that the current, running subscription is suspended at PayPal on the subscriber's
-- request: held, the profile 'cancelled' (Premium until the end date), one 'cancellation' in the
-- history. True when it is held, also when its own SUSPENDED webhook held it first; false when it
-- is not the profile's current, active subscription (the note is then dropped).
create or replace function public.hold_subscription(p_subscription_id text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_pending public.pending_subscriptions;
begin
  perform public.lock_subscription_owner(p_subscription_id);
  select * into v_pending from public.pending_subscriptions where paypal_subscription_id = p_subscription_id for update;
  if not found then
    return false;
  end if;
  if v_pending.held_at is not null then
    return true;
  end if;
  update public.profiles
     set subscription_status = 'cancelled'
   where id = v_pending.user_id and paypal_subscription_id = p_subscription_id
     and (subscription_status = 'active'
          -- PayPal's own suspension (failed payments) recorded before this one
          or (subscription_status = 'suspended' and not public.dispute_pauses_access(p_subscription_id)));
  if not found then
    update public.pending_subscriptions set hold_requested_at = null where paypal_subscription_id = p_subscription_id;
    return false;
  end if;
  update public.pending_subscriptions
     set paypal_status = 'SUSPENDED', held_at = now(), hold_requested_at = null
   where paypal_subscription_id = p_subscription_id;
  insert into public.subscription_transactions
    (user_id, transaction_type, amount, currency, status, paypal_subscription_id, paypal_event_id)
  values (v_pending.user_id, 'cancellation', 0, v_pending.currency, 'completed', p_subscription_id,
          'hold:' || p_subscription_id || ':' || extract(epoch from clock_timestamp())::text);
  return true;
end
$$;

-- As in 20261123000600, locking the owner's profile before the checkout.
create or replace function public.mark_subscription_cancelled(p_subscription_id text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid;
begin
  v_user := public.lock_subscription_owner(p_subscription_id);
  if v_user is null then
    return;
  end if;
  update public.pending_subscriptions
     set paypal_status = 'CANCELLED', cancelled_at = coalesce(cancelled_at, now()), hold_requested_at = null
   where paypal_subscription_id = p_subscription_id and paypal_status <> 'EXPIRED';
  update public.profiles
     set subscription_status = 'cancelled'
   where paypal_subscription_id = p_subscription_id
     and (subscription_status = 'active'
          or (subscription_status = 'suspended' and not public.dispute_pauses_access(p_subscription_id)));
  insert into public.subscription_transactions
    (user_id, transaction_type, amount, currency, status, paypal_subscription_id, paypal_event_id)
  values (v_user, 'cancellation', 0, 'USD', 'completed', p_subscription_id, 'cancel:' || p_subscription_id)
  on conflict (paypal_event_id) do nothing;
end
$$;

-- As in 20261123000300, locking the owner's profile before the checkout; a suspension PayPal shows
-- while cancel-subscription is holding it is the hold, not PayPal's own.
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
  perform public.lock_subscription_owner(p_subscription_id);
  select * into v_pending from public.pending_subscriptions where paypal_subscription_id = p_subscription_id for update;
  if not found or v_pending.activated_at is null then
    return v_changes;
  end if;
  select * into v_profile from public.profiles where id = v_pending.user_id and paypal_subscription_id = p_subscription_id;
  if p_paypal_status = 'CANCELLED' and v_pending.paypal_status <> 'CANCELLED' then
    perform public.mark_subscription_cancelled(p_subscription_id);
    v_changes := array_append(v_changes, 'marked cancelled');
  elsif p_paypal_status = 'EXPIRED' and v_pending.paypal_status <> 'EXPIRED' then
    update public.pending_subscriptions set paypal_status = 'EXPIRED' where paypal_subscription_id = p_subscription_id;
    update public.profiles set subscription_status = 'expired'
     where paypal_subscription_id = p_subscription_id and subscription_status <> 'expired';
    v_changes := array_append(v_changes, 'marked expired');
  elsif p_paypal_status = 'SUSPENDED' and v_pending.paypal_status = 'ACTIVE' and public.hold_pending(v_pending.held_at, v_pending.hold_requested_at) then
    if public.hold_subscription(p_subscription_id) then
      v_changes := array_append(v_changes, 'marked cancelled');
    end if;
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

-- As in 20261126000800, locking the owner's profile before the checkout, and a SUSPENDED webhook
-- that arrives while cancel-subscription is holding the subscription holds it (hold_subscription).
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

  perform public.lock_subscription_owner(v_sub);
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
      -- The suspension cancel-subscription asked for: Premium runs to the end date and the history
      -- says 'cancellation' (written by hold_subscription, here when this webhook came first).
      if v_pending.held_at is not null then
        update public.paypal_webhook_events set outcome = 'held' where event_id = v_id;
        return 'held';
      end if;
      if public.hold_pending(v_pending.held_at, v_pending.hold_requested_at) then
        if public.hold_subscription(v_sub) then
          update public.paypal_webhook_events set outcome = 'held' where event_id = v_id;
          return 'held';
        end if;
      end if;
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
                                            when v_pending.paypal_status = 'SUSPENDED' and v_pending.held_at is not null then 'cancelled'
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
