// Errors that third-party scripts raise when their container is gone (PayPal's buttons after a
// route change, mostly) are noise for the visitor: they are logged, never shown.

const IGNORABLE = [/paypal/i, /container element (was )?removed/i, /removed from (the )?dom/i, /container .*(no longer|not) (in|exist)/i];

function describe(reason: unknown): string {
  if (reason instanceof Error) return `${reason.name}: ${reason.message}\n${reason.stack ?? ''}`;
  if (typeof reason === 'string') return reason;
  try {
    return JSON.stringify(reason) ?? String(reason);
  } catch {
    return String(reason);
  }
}

export function isIgnorableError(reason: unknown, source = ''): boolean {
  const text = `${describe(reason)} ${source}`;
  return IGNORABLE.some((pattern) => pattern.test(text));
}

/** Installs window listeners; returns a function removing them. */
export function installErrorFilter(target: Window, log: (message: string, detail: unknown) => void = console.warn): () => void {
  const onError = (event: ErrorEvent) => {
    if (!isIgnorableError(event.error ?? event.message, event.filename)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    log('[ignored script error]', event.error ?? event.message);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (!isIgnorableError(event.reason)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    log('[ignored unhandled rejection]', event.reason);
  };
  target.addEventListener('error', onError, true);
  target.addEventListener('unhandledrejection', onRejection, true);
  return () => {
    target.removeEventListener('error', onError, true);
    target.removeEventListener('unhandledrejection', onRejection, true);
  };
}
