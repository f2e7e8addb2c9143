import React from 'react';
import type {CourseCatalog} from '@site/src/catalog/types';
import {useAuthState} from '@site/src/lib/auth';
import {chunk, useChunk} from '@site/src/lib/chunk';
import LoadFailed from '@site/src/components/site/LoadFailed';

// Only signed-in learners run the section (and the data store and progress reads behind it):
// a visitor's home page carries none of it.
const signedInContinueLearning = chunk(() => import('./SignedInContinueLearning').then((module) => module.default));

/** Where a signed-in learner left off, first on the home page; visitors get nothing. */
export default function ContinueLearning({catalog}: {catalog: CourseCatalog}): React.JSX.Element | null {
  const signedIn = useAuthState().status === 'signedIn';
  const section = useChunk(signedInContinueLearning, signedIn);
  const SignedInContinueLearning = section.value;
  if (!signedIn) return null;
  if (section.failed) return <LoadFailed what="where you left off" onRetry={section.retry} />;
  return SignedInContinueLearning ? <SignedInContinueLearning catalog={catalog} /> : null;
}
