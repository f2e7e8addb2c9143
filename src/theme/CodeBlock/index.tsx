// Wraps the theme's code block so that Prism (about 28 KiB gzip) is fetched only by a page that
// shows code, and only once a block comes near the screen: most lessons have no code, and most
// code sits below the first screen. The server renders every block highlighted, so the static
// HTML is complete. While hydrating, a block keeps that server HTML untouched until its chunk
// arrives; only its copy and wrap buttons wait for it.
import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useIsBrowser from '@docusaurus/useIsBrowser';
import type {Props} from '@theme/CodeBlock';
import PlainCodeBlock from '@theme/CodeBlock/Content/Element';
import {loadedHighlighted, loadHighlighted} from './highlightedLoader';
import {whenNearScreen} from './whenNearScreen';

// Hydrating an element whose inner HTML React is told to set leaves the DOM below it as the
// server wrote it: no comparison, no mismatch.
const SERVER_HTML = {__html: ''};

// Whether the page arrived as server-rendered HTML: a production build does, the dev server
// renders in the browser only (its first render must not keep an empty block).
const serverRendered = ExecutionEnvironment.canUseDOM && Boolean(document.getElementById('__docusaurus')?.firstElementChild);

export default function CodeBlock(props: Props): ReactNode {
  const slot = useRef<HTMLDivElement>(null);
  const [Highlighted, setHighlighted] = useState(loadedHighlighted);
  // A block hydrating the server's HTML keeps it; one first rendered in the browser (after a
  // client-side navigation, in a Premium body, or remounted as Tabs do once hydrated) shows its
  // code unhighlighted until the chunk arrives.
  const isBrowser = useIsBrowser();
  const [hydrating] = useState(!isBrowser && serverRendered);
  useEffect(() => {
    if (Highlighted || !slot.current) return undefined;
    let current = true;
    const stopWatching = whenNearScreen(slot.current, () => {
      void loadHighlighted().then((component) => current && setHighlighted(() => component));
    });
    return () => {
      current = false;
      stopWatching();
    };
  }, [Highlighted]);

  if (Highlighted)
    return (
      <div ref={slot}>
        <Highlighted {...props} />
      </div>
    );
  if (hydrating) return <div ref={slot} dangerouslySetInnerHTML={SERVER_HTML} suppressHydrationWarning />;
  return (
    <div ref={slot}>
      <PlainCodeBlock className={props.className}>{props.children}</PlainCodeBlock>
    </div>
  );
}
