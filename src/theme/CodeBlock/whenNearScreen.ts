/** How close to the screen an element must come, like a lazily loaded image. */
const NEAR_SCREEN_MARGIN = '200px 0px';

/** Calls `then` once `element` is near the screen (at once without IntersectionObserver); returns the cleanup. */
export function whenNearScreen(element: Element, then: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    then();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      then();
    },
    {rootMargin: NEAR_SCREEN_MARGIN},
  );
  observer.observe(element);
  return () => observer.disconnect();
}
