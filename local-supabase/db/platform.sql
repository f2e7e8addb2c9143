-- local-supabase platform bootstrap: what a hosted Supabase project has before the app's own
-- migrations run. Idempotent: it runs at every start, on PGlite and on a PostgreSQL server.
-- Table and column names follow Supabase's auth schema so migrations and seeds written for a
-- hosted project behave the same here.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator nologin noinherit;
  end if;
  -- GoTrue's role on a hosted project: owns the auth schema's tables, types and functions.
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin nologin noinherit;
  end if;
  -- Hosted `postgres`, the role migrations run as there: not a superuser (supabase_admin is), but
  -- CREATEDB, CREATEROLE, REPLICATION and BYPASSRLS. Here the connecting `postgres` is the cluster's
  -- bootstrap superuser, which Postgres never lets lose superuser, so this role stands in for it
  -- and migrate.ts runs migrations and seed.sql under `set role hosted_postgres`.
  if not exists (select 1 from pg_roles where rolname = 'hosted_postgres') then
    create role hosted_postgres nologin nosuperuser createdb createrole replication bypassrls;
  end if;
end
$$;

alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit;
-- Hosted Supabase's per-role statement timeouts; the REST service applies a role's settings to
-- each request it runs as that role, as PostgREST does (schemaCache.ts reads them back).
-- Only where unset, so a migration's own setting survives this file running again.
do $$
begin
  if not exists (select 1 from pg_db_role_setting s, unnest(s.setconfig) c
                 where s.setrole = 'anon'::regrole and s.setdatabase = 0 and c like 'statement\_timeout=%') then
    alter role anon set statement_timeout = '3s';
  end if;
  if not exists (select 1 from pg_db_role_setting s, unnest(s.setconfig) c
                 where s.setrole = 'authenticated'::regrole and s.setdatabase = 0 and c like 'statement\_timeout=%') then
    alter role authenticated set statement_timeout = '8s';
  end if;
  -- Hosted's PostgREST connects as authenticator, whose 8 s bounds the roles that set none (service_role).
  if not exists (select 1 from pg_db_role_setting s, unnest(s.setconfig) c
                 where s.setrole = 'authenticator'::regrole and s.setdatabase = 0 and c like 'statement\_timeout=%') then
    alter role authenticator set statement_timeout = '8s';
  end if;
end
$$;
grant anon, authenticated, service_role to authenticator;
-- Hosted revoked CREATEROLE from supabase_auth_admin; older local databases still have it. Roles
-- are shared by every database of a PostgreSQL server, so each change is made only when missing.
do $$
begin
  if (select rolcreaterole from pg_roles where rolname = 'supabase_auth_admin') then
    alter role supabase_auth_admin nocreaterole;
  end if;
  if not exists (select 1 from pg_db_role_setting where setrole = 'supabase_auth_admin'::regrole and setdatabase = 0) then
    alter role supabase_auth_admin set search_path = auth;
  end if;
end
$$;

create schema if not exists extensions;
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pgcrypto with schema extensions;
grant usage on schema extensions to anon, authenticated, service_role;

grant usage on schema public to anon, authenticated, service_role;

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

do $$
begin
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = 'auth' and t.typname = 'aal_level') then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = 'auth' and t.typname = 'factor_type') then
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  end if;
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = 'auth' and t.typname = 'factor_status') then
    create type auth.factor_status as enum ('unverified', 'verified');
  end if;
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = 'auth' and t.typname = 'code_challenge_method') then
    create type auth.code_challenge_method as enum ('s256', 'plain');
  end if;
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = 'auth' and t.typname = 'one_time_token_type') then
    create type auth.one_time_token_type as enum (
      'confirmation_token', 'reauthentication_token', 'recovery_token',
      'email_change_token_new', 'email_change_token_current', 'phone_change_token');
  end if;
end
$$;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255) default '',
  confirmation_sent_at timestamptz,
  recovery_token varchar(255) default '',
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255) default '',
  email_change varchar(255) default '',
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text default null unique,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false;
create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower(email));
alter table auth.users enable row level security;

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);
alter table auth.identities enable row level security;

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
alter table auth.sessions enable row level security;

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
alter table auth.refresh_tokens enable row level security;

create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text,
  last_challenged_at timestamptz unique
);
create unique index if not exists mfa_factors_user_friendly_name_unique
  on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
alter table auth.mfa_factors enable row level security;
-- local-supabase only: the last TOTP time step accepted for the factor, so a code cannot be used
-- twice (RFC 6238 §5.2).
alter table auth.mfa_factors add column if not exists last_totp_step bigint;

create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text
);
alter table auth.mfa_challenges enable row level security;

create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);
alter table auth.mfa_amr_claims enable row level security;

create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text not null,
  code_challenge_method auth.code_challenge_method not null,
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz
);
create index if not exists flow_state_auth_code_idx on auth.flow_state (auth_code);
alter table auth.flow_state enable row level security;

create table if not exists auth.one_time_tokens (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type auth.one_time_token_type not null,
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamp not null default now(),
  updated_at timestamp not null default now(),
  constraint one_time_tokens_user_id_token_type_key unique (user_id, token_type)
);
create index if not exists one_time_tokens_token_hash_idx on auth.one_time_tokens (token_hash);
alter table auth.one_time_tokens enable row level security;

create table if not exists auth.audit_log_entries (
  instance_id uuid,
  id uuid primary key,
  payload json,
  created_at timestamptz,
  ip_address varchar(64) not null default ''
);
alter table auth.audit_log_entries enable row level security;

create or replace function auth.uid() returns uuid language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''),
                  (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'))::uuid $$;
create or replace function auth.role() returns text language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.role', true), ''),
                  (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'))::text $$;
create or replace function auth.email() returns text language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.email', true), ''),
                  (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email'))::text $$;
create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim', true), ''),
                  nullif(current_setting('request.jwt.claims', true), ''))::jsonb $$;
grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;

-- Where the Supabase CLI records applied migrations.
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
create table if not exists supabase_migrations.seed_files (
  path text primary key,
  hash text not null
);

-- What hosted `postgres` (here hosted_postgres) may do, and nothing more: everything on the
-- database, public and extensions; on auth, use the tables (triggers on and foreign keys to
-- auth.users included) but create nothing (hosted revoked CREATE on schema auth from postgres in 2024).
do $$
begin
  execute format('grant all on database %I to hosted_postgres, supabase_auth_admin', current_database());
end
$$;
grant all on schema public to hosted_postgres;
grant all on schema extensions to hosted_postgres;
grant all on all tables in schema extensions to hosted_postgres;
grant all on all sequences in schema extensions to hosted_postgres;
grant all on all routines in schema extensions to hosted_postgres;
grant anon, authenticated, service_role to hosted_postgres;
-- Migrations may set the API roles' settings as hosted `postgres` may (`alter role anon set
-- statement_timeout = …`, `alter role authenticator set pgrst.db_aggregates_enabled = …`, as
-- Supabase's docs tell users to run). From PostgreSQL 16 CREATEROLE alone no longer allows altering
-- a role: hosted grants the API roles to postgres WITH ADMIN OPTION there; authenticator is only
-- administered (no SET, no INHERIT). PostgREST's in-database settings are placeholders, which only
-- a superuser may set on a role without SET on the parameter.
do $$
begin
  if current_setting('server_version_num')::int >= 160000 then
    execute 'grant anon, authenticated, service_role to hosted_postgres with admin option';
    if not exists (select 1 from pg_auth_members m where m.roleid = 'authenticator'::regrole and m.member = 'hosted_postgres'::regrole) then
      execute 'grant authenticator to hosted_postgres with admin option, inherit false, set false';
    end if;
  end if;
end
$$;
grant set on parameter
  pgrst.db_aggregates_enabled, pgrst.db_anon_role, pgrst.db_extra_search_path, pgrst.db_hoisted_tx_settings,
  pgrst.db_max_rows, pgrst.db_plan_enabled, pgrst.db_pre_config, pgrst.db_pre_request, pgrst.db_prepared_statements,
  pgrst.db_root_spec, pgrst.db_schemas, pgrst.db_tx_end, pgrst.jwt_aud, pgrst.jwt_cache_max_lifetime,
  pgrst.jwt_role_claim_key, pgrst.openapi_mode, pgrst.openapi_security_active, pgrst.openapi_server_proxy_uri,
  pgrst.server_cors_allowed_origins, pgrst.server_timing_enabled, pgrst.server_trace_header
  to hosted_postgres;

-- The auth schema belongs to supabase_auth_admin, the role GoTrue writes as on hosted.
grant all on schema auth to supabase_auth_admin;
do $$
declare
  item record;
begin
  for item in
    select format('alter table %s owner to supabase_auth_admin', c.oid::regclass) as stmt
    from pg_class c
    where c.relnamespace = 'auth'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
      and c.relowner <> 'supabase_auth_admin'::regrole
    union all
    select format('alter type %s owner to supabase_auth_admin', t.oid::regtype)
    from pg_type t
    where t.typnamespace = 'auth'::regnamespace and t.typtype = 'e' and t.typowner <> 'supabase_auth_admin'::regrole
    union all
    select format('alter function %s owner to supabase_auth_admin', p.oid::regprocedure)
    from pg_proc p
    where p.pronamespace = 'auth'::regnamespace and p.proowner <> 'supabase_auth_admin'::regrole
  loop
    execute item.stmt;
  end loop;
end
$$;
grant all on all tables in schema auth to supabase_auth_admin;
grant all on all sequences in schema auth to supabase_auth_admin;
revoke create on schema auth from hosted_postgres;
grant usage on schema auth to hosted_postgres;
grant all on all tables in schema auth to hosted_postgres;
grant select on all tables in schema auth to hosted_postgres with grant option;
grant all on all sequences in schema auth to hosted_postgres;
grant all on all routines in schema auth to hosted_postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on tables to hosted_postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on sequences to hosted_postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on routines to hosted_postgres;

-- A hosted project's default privileges: whatever postgres (or supabase_admin) creates in public is
-- granted to the API roles, so a migration must revoke what it does not mean to expose.
alter default privileges for role hosted_postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role hosted_postgres in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges for role hosted_postgres in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to hosted_postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to hosted_postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to hosted_postgres, anon, authenticated, service_role;

-- Databases migrated before migrations ran as hosted_postgres hold the app's objects under the
-- superuser; hand them over so later migrations can alter them, as they could on hosted.
do $$
declare
  item record;
begin
  for item in
    with app_schemas as (
      select oid from pg_namespace
      where nspname not in ('pg_catalog', 'information_schema', 'pg_toast', 'auth', 'extensions', 'supabase_migrations')
        and nspname not like 'pg\_%'
    )
    select format('alter schema %I owner to hosted_postgres', n.nspname) as stmt
    from pg_namespace n
    where n.oid in (select oid from app_schemas) and n.nspname <> 'public' and n.nspowner = (select oid from pg_roles where rolname = session_user)
    union all
    select format('alter table %s owner to hosted_postgres', c.oid::regclass)
    from pg_class c
    where c.relnamespace in (select oid from app_schemas) and c.relkind in ('r', 'p', 'v', 'm', 'f')
      and c.relowner = (select oid from pg_roles where rolname = session_user)
      and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
    union all
    select format('alter sequence %s owner to hosted_postgres', c.oid::regclass)
    from pg_class c
    where c.relnamespace in (select oid from app_schemas) and c.relkind = 'S'
      and c.relowner = (select oid from pg_roles where rolname = session_user)
      and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('a', 'i'))
    union all
    select format('alter routine %s owner to hosted_postgres', p.oid::regprocedure)
    from pg_proc p
    where p.pronamespace in (select oid from app_schemas)
      and p.proowner = (select oid from pg_roles where rolname = session_user)
      and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
    union all
    select format('alter type %s owner to hosted_postgres', t.oid::regtype)
    from pg_type t
    where t.typnamespace in (select oid from app_schemas) and t.typtype in ('e', 'd')
      and t.typowner = (select oid from pg_roles where rolname = session_user)
  loop
    execute item.stmt;
  end loop;
end
$$;
-- The auth service (local-supabase/auth/authAdminDb.ts) runs every auth statement as
-- supabase_auth_admin, and GoTrue's SQL uses the extensions (pgcrypto).
grant usage on schema extensions to supabase_auth_admin;
