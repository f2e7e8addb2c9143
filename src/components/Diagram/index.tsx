// A diagram rendered to SVG at build time (plugins/diagrams). The SVG's colours are CSS
// variables set here, so it follows the colour mode without a second image or any script.
import React from 'react';
import styles from './styles.module.css';

export default function Diagram({svg}: {svg: string}): React.JSX.Element {
  return <figure className={styles.diagram} dangerouslySetInnerHTML={{__html: svg}} />;
}
