// Course and lesson descriptions, written at build time by plugins/course-catalog. Only the pages
// that import this module carry them (see DescribedLesson in ./types.ts).
import descriptions from '@generated/course-catalog/default/descriptions.json';
import type {CatalogDescriptions} from './types';

export const catalogDescriptions: Readonly<CatalogDescriptions> = descriptions;
