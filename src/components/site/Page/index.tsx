import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';

export interface PageProps {
  /** The tab's and search engines' title. */
  title: string;
  description: string;
  /** The h1, when it words the page otherwise than its title. */
  heading?: string;
  /** A class beside the theme's centred column, for a page that needs its own spacing. */
  className?: string;
  children: ReactNode;
}

/** One of the site's own pages (not a lesson): the theme's layout, its centred column and one h1. */
export default function Page({title, description, heading = title, className, children}: PageProps): React.JSX.Element {
  return (
    <Layout title={title} description={description}>
      <main className={clsx('container margin-vert--lg', className)}>
        <Heading as="h1">{heading}</Heading>
        {children}
      </main>
    </Layout>
  );
}
