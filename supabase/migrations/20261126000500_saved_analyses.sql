-- Saved analyses (issue 30): a signed-in learner keeps named workbench analyses (the data grid and
-- the model chosen) in their account. Owner-only under RLS; removed with the account (cascade);
-- listed in the account data export (src/lib/accountExport.ts).
create table public.saved_analyses (
  id uuid not null default gen_random_uuid(),
  user_id uuid not null default auth.uid(),
  name text not null,
  measure text not null,
  method text not null,
  hksj boolean not null default false,
  data jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint saved_analyses_pkey primary key (id),
  constraint saved_analyses_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade,
  -- A name a list can show: not blank, at most 120 characters.
  constraint saved_analyses_name_length check (char_length(btrim(name)) between 1 and 120),
  constraint saved_analyses_measure_known check (measure in ('RR', 'OR', 'RD', 'MD', 'SMD')),
  constraint saved_analyses_method_known check (method in ('FE', 'MH', 'DL', 'REML', 'PM')),
  -- The grid as the page holds it: an object, at most 200 kB as text (thousands of studies), so
  -- one account cannot fill the database through this table.
  constraint saved_analyses_data_object check (jsonb_typeof(data) = 'object'),
  constraint saved_analyses_data_size check (octet_length(data::text) <= 200000)
);
create index saved_analyses_user_updated_idx on public.saved_analyses (user_id, updated_at desc);

create trigger saved_analyses_touch_updated_at before update on public.saved_analyses
  for each row execute function public.touch_updated_at();

alter table public.saved_analyses enable row level security;
revoke all on table public.saved_analyses from anon, authenticated;
grant select, insert, update, delete on table public.saved_analyses to authenticated;
grant all on table public.saved_analyses to service_role;

create policy "saved analyses: owner reads" on public.saved_analyses
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "saved analyses: owner inserts" on public.saved_analyses
  for insert to authenticated with check ((select auth.uid()) = user_id);
create policy "saved analyses: owner updates" on public.saved_analyses
  for update to authenticated using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy "saved analyses: owner deletes" on public.saved_analyses
  for delete to authenticated using ((select auth.uid()) = user_id);
