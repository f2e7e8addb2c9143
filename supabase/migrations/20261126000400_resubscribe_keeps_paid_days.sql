-- Subscribing again while a cancelled subscription still runs kept only the new year: the days
-- left of the earlier, paid year were lost. They are now added to the new subscription's end date
-- (PayPal bills the new one a year after it starts, inside the access), and a refund of the earlier
-- payment takes back those carried days, never more than a subscription added to the access
-- granted (take_back_payment). Otherwise as in 20261126000200_money_never_leaks.sql.
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
