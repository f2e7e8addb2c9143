// A diagram rendered to SVG at build time (plugins/diagrams). The SVG's colours are CSS variables
// set here, so it follows the colour mode without a second image or any script.
//
// Its text never shrinks below READABLE_PX: the picture narrows with the column only down to the
// width at which its smallest text is that size. A diagram that a phone's column cannot hold at
// that width scrolls sideways inside its own focusable region (the page never does), and offers a
// full-size view. A diagram that fits needs no script.
import React, {type CSSProperties} from 'react';
import {FullSizeView} from './FullSizeView';
import {READABLE_PX, diagramWidths} from './sizing';
import styles from './styles.module.css';

export interface DiagramProps {
  svg: string;
  title: string;
  /** The SVG's own width and its smallest text, in px (strings: MDX attributes are text). */
  width: string;
  fontSize: string;
}

export default function Diagram({svg, title, width, fontSize}: DiagramProps): React.JSX.Element {
  const sizes = diagramWidths(Number(width), Number(fontSize));
  const style = {'--diagram-min-width': `${sizes.min}px`, '--diagram-max-width': `${sizes.max}px`} as CSSProperties;
  if (sizes.fitsPhone) {
    return <figure className={styles.diagram} style={style} dangerouslySetInnerHTML={{__html: svg}} />;
  }
  return (
    <figure className={`${styles.diagram} ${styles.wide}`} style={style}>
      <div
        className={styles.scroller}
        role="region"
        tabIndex={0}
        aria-label={`${title} (diagram; scrolls sideways)`}
        dangerouslySetInnerHTML={{__html: svg}}
      />
      <FullSizeView svg={svg} title={title} width={Number(width) * Math.max(1, (READABLE_PX + 4) / Number(fontSize))} />
    </figure>
  );
}
