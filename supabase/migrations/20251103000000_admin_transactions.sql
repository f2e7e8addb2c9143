-- /admin-transactions: every subscription transaction with the buyer's e-mail. auth.users is not
-- readable through the API, so this security-definer function joins it, and returns rows only
-- when the caller is an admin (app_metadata.role = 'admin' in their JWT); anyone else gets no
-- rows. Filters, order and paging come from the API on top of the result (PostgREST treats a
-- `returns table` function like a view).
create or replace function public.admin_transactions()
returns table (
  id uuid,
  user_id uuid,
  user_email text,
  transaction_type text,
  amount numeric(10, 2),
  currency text,
  status text,
  paypal_subscription_id text,
  created_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select t.id, t.user_id, u.email::text, t.transaction_type, t.amount, t.currency, t.status,
         t.paypal_subscription_id, t.created_at
    from public.subscription_transactions t
    left join auth.users u on u.id = t.user_id
   where public.is_admin()
   order by t.created_at desc
$$;
revoke all on function public.admin_transactions() from public, anon;
grant execute on function public.admin_transactions() to authenticated, service_role;
