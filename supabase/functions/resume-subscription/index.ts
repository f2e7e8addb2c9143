// Edge Runtime entry: the same handler local-supabase mounts, served by Deno with its secrets.
import handler from './handler.ts';

Deno.serve((request: Request) => handler(request, Deno.env.toObject()));
