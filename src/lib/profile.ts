// Profile service: the signed-in learner's row in public.profiles (RLS: owner reads own row and
// may update only full_name), as typed results with the error texts the UI shows.
import type {Tables} from '../../shared/database.types';
import type {DatabaseClient} from './supabase';
import type {Result} from './data/result';

export type SubscriptionStatus = 'inactive' | 'active' | 'cancelled' | 'suspended' | 'expired';

/** The learner's row as the generated schema types it (the module selects every column). */
export type Profile = Tables<'profiles'>;

export const PROFILE_COLUMNS =
  'id, full_name, subscription_status, subscription_plan, subscription_start_date, subscription_end_date, subscription_amount, paypal_subscription_id, discount_code, created_at, updated_at';

/** PostgREST's code for `.single()` finding no row. */
export const NO_ROW = 'PGRST116';


/** The profile, or null when there is no row yet (PGRST116). Other failures are returned as errors. */
export async function fetchProfile(client: DatabaseClient, userId: string): Promise<Result<Profile | null>> {
  const {data, error} = await client.from('profiles').select(PROFILE_COLUMNS).eq('id', userId).single();
  if (error) {
    if (error.code === NO_ROW) return {data: null, error: null};
    return {data: null, error: error.message};
  }
  return {data, error: null};
}

export async function updateFullName(client: DatabaseClient, userId: string | null | undefined, fullName: string): Promise<Result<Profile>> {
  if (!userId) return {data: null, error: 'No user logged in'};
  const {data, error} = await client
    .from('profiles')
    .update({full_name: fullName.trim() === '' ? null : fullName.trim()})
    .eq('id', userId)
    .select(PROFILE_COLUMNS)
    .single();
  if (error) return {data: null, error: error.message};
  return {data, error: null};
}
