import {usePluginData} from '@docusaurus/useGlobalData';
import type {CourseCatalog} from './types';

/** The course catalog the course-catalog plugin read from docs/ at build time. */
export function useCatalog(): CourseCatalog {
  return usePluginData('course-catalog') as CourseCatalog;
}
