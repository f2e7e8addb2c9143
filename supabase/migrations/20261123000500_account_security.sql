-- Account security (issue #16): a password-only (aal1) session of someone who has a verified
-- second factor is not fully signed in, so the database refuses it admin data and payment
-- records, as Supabase's MFA guide does with a restrictive RLS policy on the `aal` claim; and the
-- service role gets one function that detaches a leaving learner from the records we must keep.

-- True when the caller's session is as strong as their account asks for: aal2 once they have a
-- verified factor, aal1 otherwise. auth.mfa_factors is not readable by the API roles, hence
-- security definer. The service role (no sub) has no factors and passes.
create or replace function public.session_meets_mfa()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
      or not exists (select 1 from auth.mfa_factors f where f.user_id = auth.uid() and f.status = 'verified')
$$;
revoke all on function public.session_meets_mfa() from public;
grant execute on function public.session_meets_mfa() to anon, authenticated, service_role;

-- Admins are users whose app_metadata.role is 'admin' — and, once they have enrolled a factor,
-- only in an aal2 session. Every admin policy and admin_transactions() go through this function.
create or replace function public.is_admin()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce((auth.jwt() -> 'app_metadata' ->> 'role') = 'admin', false) and public.session_meets_mfa()
$$;

-- Payment data (the profile's subscription columns, the transactions) needs the full sign-in too.
-- Restrictive policies are ANDed with the permissive ones above them.
create policy "profiles: full sign-in when MFA is enrolled" on public.profiles
  as restrictive for all to authenticated
  using ((select public.session_meets_mfa()))
  with check ((select public.session_meets_mfa()));
create policy "transactions: full sign-in when MFA is enrolled" on public.subscription_transactions
  as restrictive for select to authenticated
  using ((select public.session_meets_mfa()));

-- Account deletion keeps payment records for accounting, detached from the person:
-- subscription_transactions.user_id becomes null through its foreign key (on delete set null).
-- The stored webhook events of the learner's subscriptions have no foreign key to follow, so the
-- delete-account function (service role) calls this with those subscription ids right after
-- deleting the auth user, to strip the payer's name, e-mail and PayPal payer id from them.
create or replace function public.forget_payer_data(p_subscription_ids text[])
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.paypal_webhook_events e
     set payload = (e.payload #- '{resource,subscriber}') #- '{resource,payer}'
   where coalesce(e.payload -> 'resource' ->> 'billing_agreement_id', e.resource_id) = any (p_subscription_ids)
$$;
revoke all on function public.forget_payer_data(text[]) from public, anon, authenticated;
grant execute on function public.forget_payer_data(text[]) to service_role;

-- PayPal keeps delivering events after the account is gone (the cancellation made on the way
-- out may arrive after the deletion). An event for a subscription that no learner owns (no
-- pending_subscriptions row, which goes with the user) is stored without the payer's data.
create or replace function public.strip_orphan_payer_data()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_subscription text := coalesce(new.payload -> 'resource' ->> 'billing_agreement_id', new.resource_id);
begin
  if not exists (select 1 from public.pending_subscriptions p where p.paypal_subscription_id = v_subscription) then
    new.payload := (new.payload #- '{resource,subscriber}') #- '{resource,payer}';
  end if;
  return new;
end
$$;
revoke all on function public.strip_orphan_payer_data() from public, anon, authenticated;

create trigger paypal_webhook_events_strip_orphan_payer before insert on public.paypal_webhook_events
  for each row execute function public.strip_orphan_payer_data();
