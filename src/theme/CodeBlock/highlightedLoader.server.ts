// The server build's highlightedLoader.ts (swapped in by plugins/code-highlighting): rendering
// static HTML cannot wait for a chunk, and a Suspense boundary there would not do either (React
// streams larger pages' boundaries out of order, behind a script), so the component is imported.
import Highlighted from './Highlighted';
import type {HighlightedCodeBlock} from './highlightedLoader';

export const loadedHighlighted = (): HighlightedCodeBlock => Highlighted;

export const loadHighlighted = (): Promise<HighlightedCodeBlock> => Promise.resolve(Highlighted);
