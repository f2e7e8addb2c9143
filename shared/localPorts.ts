// Where a local-supabase listens when nothing says otherwise (`npm start`, `npm run backend`):
// the ports the Supabase CLI uses for the API and the mailbox, so habits and tools carry over.
export const LOCAL_API_PORT = 54321;
export const LOCAL_MAILBOX_PORT = 54324;
export const LOCAL_API_URL = `http://127.0.0.1:${LOCAL_API_PORT}`;
