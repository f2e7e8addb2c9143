// The signed-in learner's knowledge-check statuses and certificates, read through the data store
// (keys 'checks/<user>' and 'certificates/<user>') when a view that shows them mounts (/progress,
// Account Settings). Anonymous visitors never trigger a load; switching accounts is a new key.
import {useAuth} from './auth';
import {useData, type DataState} from './data/store';
import {loadCheckStatuses, loadMyCertificates, type Certificate, type CheckStatus} from './knowledgeChecks';
import type {Result} from './data/result';
import type {DatabaseClient} from './supabase';

function useSignedInData<T>(name: string, query: (client: DatabaseClient) => Promise<Result<T>>): {state: DataState<T>; reload(): void} {
  const {state, getClient} = useAuth();
  const userId = state.status === 'signedIn' ? state.user.id : null;
  return useData(userId ? `${name}/${userId}` : null, () => getClient().then(query), {fresh: true});
}

export const useCheckStatuses = () => useSignedInData<CheckStatus[]>('checks', loadCheckStatuses);
export const useMyCertificates = () => useSignedInData<Certificate[]>('certificates', loadMyCertificates);
