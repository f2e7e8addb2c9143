// Edge Runtime entry: the same handler local-supabase mounts, served by Deno.
import handler from './handler.ts';

Deno.serve((request: Request) => handler(request));
