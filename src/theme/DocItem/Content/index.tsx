// Wraps theme-classic's DocItem/Content to show a "Premium" badge above lessons whose front
// matter says `premium: true`. Gating itself is not done here.
// Also puts the course's lesson list with progress (ticks, percentage, "Continue") at the top of
// each course landing page (docs/modules/<course>/index.mdx), just under its title, with how its
// certificate is earned, and marks the page text as what the search index reads
// (data-pagefind-body, with the module as metadata) — except on pages for the course's authors
// (front matter `audience: authors`): once any page has data-pagefind-body, Pagefind indexes only
// the pages that do, so learners' search never offers an authors' guide.
import React from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import PremiumBadge from '@site/src/components/payments/PremiumBadge';
import CourseProgress from '@site/src/components/progress/CourseProgress';
import CourseCertificateNote from '@site/src/components/certificates/CourseCertificateNote';
import {useCatalog} from '@site/src/catalog/useCatalog';
import {findDocEntry} from '@site/src/lib/progressCatalog';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): React.JSX.Element {
  const {frontMatter, metadata} = useDoc();
  const premium = (frontMatter as {premium?: unknown}).premium === true;
  const forAuthors = (frontMatter as {audience?: unknown}).audience === 'authors';
  const entry = findDocEntry(useCatalog(), metadata.id);
  const moduleMeta = entry ? {'data-pagefind-meta': `module:${entry.course.title}`} : {};
  return (
    <div {...(forAuthors ? {} : {'data-pagefind-body': ''})} {...moduleMeta}>
      {premium && (
        <p>
          <PremiumBadge /> <span>An advanced lesson in the Premium plan.</span>
        </p>
      )}
      {entry?.kind === 'course' ? (
        <Content {...props}>
          <>
            <div data-pagefind-ignore="">
              <CourseProgress course={entry.course} />
              <CourseCertificateNote course={entry.course} />
            </div>
            {props.children}
          </>
        </Content>
      ) : (
        <Content {...props} />
      )}
    </div>
  );
}
