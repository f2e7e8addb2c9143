// Minimal @docusaurus/Head for unit tests: a <title> child becomes document.title (as
// react-helmet does in the browser); other head tags are dropped.
import React, {useEffect, type ReactNode} from 'react';

function titleOf(children: ReactNode): string | null {
  let title: string | null = null;
  React.Children.forEach(children, (child) => {
    if (React.isValidElement<{children?: ReactNode}>(child) && child.type === 'title') title = React.Children.toArray(child.props.children).join('');
  });
  return title;
}

export default function Head({children}: {children?: ReactNode}): null {
  const title = titleOf(children);
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
  return null;
}
