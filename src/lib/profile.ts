// Profile service: the signed-in learner's row in public.profiles (RLS: owner reads own row and
// may update only full_name), as typed results with the error texts the UI shows.
import type {SupabaseClient} from '@supabase/supabase-js';

export type SubscriptionStatus = 'inactive' | 'active' | 'cancelled' | 'suspended' | 'expired';

export interface Profile {
  id: string;
  full_name: string | null;
  subscription_status: SubscriptionStatus | string | null;
  subscription_plan: string | null;
  subscription_start_date: string | null;
  subscription_end_date: string | null;
  subscription_amount: number | string | null;
  paypal_subscription_id: string | null;
  discount_code: string | null;
  created_at?: string | null;
  updated_at?: string | null;
}

export const PROFILE_COLUMNS =
  'id, full_name, subscription_status, subscription_plan, subscription_start_date, subscription_end_date, subscription_amount, paypal_subscription_id, discount_code, created_at, updated_at';

/** PostgREST's code for `.single()` finding no row. */
export const NO_ROW = 'PGRST116';

export type Result<T> = {data: T; error: null} | {data: null; error: string};

/** The profile, or null when there is no row yet (PGRST116). Other failures are returned as errors. */
export async function fetchProfile(client: SupabaseClient, userId: string): Promise<Result<Profile | null>> {
  const {data, error} = await client.from('profiles').select(PROFILE_COLUMNS).eq('id', userId).single();
  if (error) {
    if (error.code === NO_ROW) return {data: null, error: null};
    return {data: null, error: error.message};
  }
  return {data: data as Profile, error: null};
}

export async function updateFullName(client: SupabaseClient, userId: string | null | undefined, fullName: string): Promise<Result<Profile>> {
  if (!userId) return {data: null, error: 'No user logged in'};
  const {data, error} = await client
    .from('profiles')
    .update({full_name: fullName.trim() === '' ? null : fullName.trim()})
    .eq('id', userId)
    .select(PROFILE_COLUMNS)
    .single();
  if (error) return {data: null, error: error.message};
  return {data: data as Profile, error: null};
}
