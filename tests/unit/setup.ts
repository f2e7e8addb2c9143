import '@testing-library/jest-dom/vitest';
import {cleanup} from '@testing-library/react';
import {afterEach} from 'vitest';
import {dataStore} from '../../src/lib/data/store';

afterEach(() => {
  cleanup();
  // The site's data store lives as long as the page; each test is a new page.
  dataStore.clear();
});
