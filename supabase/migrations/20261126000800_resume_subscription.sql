-- Cancel and Resume (issue 26). PayPal cannot reactivate a CANCELLED subscription, but it can
-- activate a SUSPENDED one (POST /v1/billing/subscriptions/{id}/activate), and a suspended
-- subscription is not billed. So cancelling the current subscription while its paid year runs
-- suspends it at PayPal and holds it here (held_at): the learner keeps Premium until the end date,
-- reads "Cancelled", and may Resume, which activates it at PayPal; PayPal then bills at the
-- next_billing_time it always had (the end date), so nothing is charged twice and no day is free.
-- Once the end date passes a held subscription can no longer be resumed, and reconcile cancels it
-- at PayPal for good (held_subscriptions_ended). A subscription PayPal suspended itself (payment
-- failures) is never held, and cannot be resumed: PayPal refuses to activate it.

alter table public.pending_subscriptions
  -- When the subscriber cancelled by suspending it at PayPal (null: not held).
  add column held_at timestamptz;

alter table public.subscription_transactions drop constraint subscription_transactions_transaction_type_check;
alter table public.subscription_transactions add constraint subscription_transactions_transaction_type_check
  check (transaction_type in ('subscription', 'renewal', 'cancellation', 'suspension', 'expiry', 'payment_failed', 'refund', 'dispute', 'resumption'));

-- Whether p_user's current subscription is held and may still be resumed: held, suspended at
-- PayPal, the profile's current one, its paid time not over, and no dispute pausing it.
create or replace function public.resumable_subscription(p_user uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select p.paypal_subscription_id
    from public.profiles pr
    join public.pending_subscriptions p on p.paypal_subscription_id = pr.paypal_subscription_id and p.user_id = pr.id
   where pr.id = p_user
     and p.held_at is not null
     and p.paypal_status = 'SUSPENDED'
     and pr.subscription_status = 'cancelled'
     and pr.subscription_end_date > now()
     and not public.dispute_pauses_access(p.paypal_subscription_id)
$$;
revoke all on function public.resumable_subscription(uuid) from public, anon, authenticated;
grant execute on function public.resumable_subscription(uuid) to service_role;

-- The learner's own answer: may Resume be offered (the card asks; the function decides again).
create or replace function public.can_resume_subscription()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select auth.uid() is not null and public.resumable_subscription(auth.uid()) is not null
$$;
revoke all on function public.can_resume_subscription() from public, anon;
grant execute on function public.can_resume_subscription() to authenticated;

-- Records that cancel-subscription suspended the current, running subscription at PayPal: held,
-- the profile 'cancelled' (Premium until the end date), one 'cancellation' in the history.
-- Returns false when it is not the profile's current, active subscription.
create or replace function public.hold_subscription(p_subscription_id text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_pending public.pending_subscriptions;
begin
  select * into v_pending from public.pending_subscriptions where paypal_subscription_id = p_subscription_id;
  if not found then
    return false;
  end if;
  perform 1 from public.profiles where id = v_pending.user_id for update;
  update public.profiles
     set subscription_status = 'cancelled'
   where id = v_pending.user_id and paypal_subscription_id = p_subscription_id
     and (subscription_status = 'active'
          -- the SUSPENDED webhook of this very suspension may have come first
          or (subscription_status = 'suspended' and not public.dispute_pauses_access(p_subscription_id)));
  if not found then
    return false;
  end if;
  update public.pending_subscriptions
     set paypal_status = 'SUSPENDED', held_at = now()
   where paypal_subscription_id = p_subscription_id;
  insert into public.subscription_transactions
    (user_id, transaction_type, amount, currency, status, paypal_subscription_id, paypal_event_id)
  values (v_pending.user_id, 'cancellation', 0, v_pending.currency, 'completed', p_subscription_id,
          'hold:' || p_subscription_id || ':' || extract(epoch from clock_timestamp())::text);
  return true;
end
$$;
revoke all on function public.hold_subscription(text) from public, anon, authenticated;
grant execute on function public.hold_subscription(text) to service_role;

-- Records that resume-subscription activated the held subscription at PayPal: renewing again
-- ('active', the same end date), one 'resumption' in the history. False when it may not be
-- resumed (the caller then cancels it at PayPal again).
create or replace function public.resume_held_subscription(p_subscription_id text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_pending public.pending_subscriptions;
begin
  select * into v_pending from public.pending_subscriptions where paypal_subscription_id = p_subscription_id;
  if not found then
    return false;
  end if;
  perform 1 from public.profiles where id = v_pending.user_id for update;
  if public.resumable_subscription(v_pending.user_id) is distinct from p_subscription_id then
    return false;
  end if;
  update public.pending_subscriptions set paypal_status = 'ACTIVE', held_at = null
   where paypal_subscription_id = p_subscription_id;
  update public.profiles set subscription_status = 'active' where id = v_pending.user_id;
  insert into public.subscription_transactions
    (user_id, transaction_type, amount, currency, status, paypal_subscription_id, paypal_event_id)
  values (v_pending.user_id, 'resumption', 0, v_pending.currency, 'completed', p_subscription_id,
          'resume:' || p_subscription_id || ':' || extract(epoch from clock_timestamp())::text);
  return true;
end
$$;
revoke all on function public.resume_held_subscription(text) from public, anon, authenticated;
grant execute on function public.resume_held_subscription(text) to service_role;

-- Held subscriptions whose paid time is over (or that are no longer the current one): reconcile
-- cancels them at PayPal for good, so a suspended subscription never lingers there.
create or replace function public.held_subscriptions_ended()
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(p.paypal_subscription_id order by p.held_at), '{}')
    from public.pending_subscriptions p
    left join public.profiles pr on pr.id = p.user_id
   where p.held_at is not null
     and p.paypal_status = 'SUSPENDED'
     and (pr.paypal_subscription_id is distinct from p.paypal_subscription_id
          or pr.subscription_end_date is null or pr.subscription_end_date <= now())
$$;
revoke all on function public.held_subscriptions_ended() from public, anon, authenticated;
grant execute on function public.held_subscriptions_ended() to service_role;

-- apply_paypal_event as in 20261126000200, with two changes for held subscriptions: their
-- SUSPENDED webhook (the suspension cancel-subscription asked for) changes nothing and adds no
-- 'suspension' to the history, and a dispute resolved in the seller's favour gives a held one back
-- 'cancelled' (Premium until the end date), not 'suspended'.
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
      if v_pending.held_at is not null then
        -- The suspension cancel-subscription asked for (hold_subscription recorded it): Premium
        -- runs to the end date and the history already says 'cancellation'.
        update public.paypal_webhook_events set outcome = 'held' where event_id = v_id;
        return 'held';
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
