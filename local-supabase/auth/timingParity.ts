// Equal answer times for the two paths of an endpoint that must not reveal whether an address is
// registered (/recover, /resend, sign-up with confirmations). The path that finds the account
// issues a token and hands a mail to SMTP; the path that finds none only renders a decoy mail, and
// was measured about twice as fast. GoTrue answers an unknown address at once (recover.go returns
// `{}` on IsNotFoundError) and so leaks the difference; here the short path waits until it has
// taken as long as a recent real answer, drawn at random from the last ones measured, so both
// answer times come from the same distribution.
import type {Platform} from '../platform';

const WINDOW = 32;

type Durations = Map<string, number[]>;
const byPlatform = new WeakMap<Platform, Durations>();

function durations(platform: Platform, route: string): number[] {
  let routes = byPlatform.get(platform);
  if (!routes) byPlatform.set(platform, (routes = new Map()));
  let list = routes.get(route);
  if (!list) routes.set(route, (list = []));
  return list;
}

/** Remembers how long the path that found the account took (from `startedAt`, performance.now()). */
export function recordRealPath(platform: Platform, route: string, startedAt: number): void {
  const list = durations(platform, route);
  list.push(performance.now() - startedAt);
  if (list.length > WINDOW) list.shift();
}

/** Lets the path that found no account finish no sooner than a randomly drawn real answer. */
export async function matchRealPath(platform: Platform, route: string, startedAt: number): Promise<void> {
  const list = durations(platform, route);
  if (list.length === 0) return;
  const target = list[Math.floor(Math.random() * list.length)] as number;
  const remaining = target - (performance.now() - startedAt);
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
}
