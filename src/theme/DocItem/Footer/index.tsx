// Wraps theme-classic's DocItem/Footer (@theme-original/DocItem/Footer: tags and edit row).
// Reason: every lesson page (a doc under /docs/modules/<course>/ other than the course's index)
// gets its "Last reviewed" date, its knowledge check and the progress panel — time tracking,
// "Mark as complete", the course bar and the previous/next lessons — between the lesson text and
// the original footer. On a Premium lesson a learner without Premium gets neither the check nor
// the panel (the database refuses both): a signed-in one gets a note instead.
import React from 'react';
import Footer from '@theme-original/DocItem/Footer';
import type FooterType from '@theme/DocItem/Footer';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import {useCatalog} from '@site/src/catalog/useCatalog';
import {findDocEntry} from '@site/src/lib/progressCatalog';
import LessonProgress from '@site/src/components/progress/LessonProgress';
import LastReviewed from '@site/src/components/lesson/LastReviewed';
import KnowledgeCheck from '@site/src/components/lesson/KnowledgeCheck';
import LockedProgressNote from '@site/src/components/lesson/PremiumLesson/LockedProgressNote';
import {useAuthState} from '@site/src/lib/auth';
import {usePremiumAccess} from '@site/src/lib/usePremiumAccess';

type Props = WrapperProps<typeof FooterType>;

export default function FooterWrapper(props: Props): React.JSX.Element {
  const {metadata, frontMatter} = useDoc();
  const entry = findDocEntry(useCatalog(), metadata.id);
  const signedIn = useAuthState().status === 'signedIn';
  const access = usePremiumAccess();
  const gated = entry?.kind === 'lesson' && entry.lesson.isPremium && signedIn && access !== 'premium';
  return (
    <>
      <LastReviewed value={(frontMatter as {last_reviewed?: unknown}).last_reviewed} />
      {entry?.kind === 'lesson' && entry.lesson.hasKnowledgeCheck === true && (!entry.lesson.isPremium || access === 'premium') && (
        <KnowledgeCheck course={entry.course} lesson={entry.lesson} />
      )}
      {entry?.kind === 'lesson' &&
        (!gated ? (
          <LessonProgress course={entry.course} lesson={entry.lesson} index={entry.index} />
        ) : (
          access === 'none' && <LockedProgressNote />
        ))}
      <Footer {...props} />
    </>
  );
}
