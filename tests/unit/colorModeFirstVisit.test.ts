import {beforeEach, describe, expect, it} from 'vitest';
import {
  COLOR_MODE_INITIALISED_KEY,
  THEME_STORAGE_KEY,
  colorModeFirstVisitScript,
} from '../../src/config/colorModeFirstVisit';

const runScript = () => new Function(colorModeFirstVisitScript)();

describe('first-visit colour mode script', () => {
  beforeEach(() => localStorage.clear());

  it('stores light on a first visit', () => {
    runScript();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(localStorage.getItem(COLOR_MODE_INITIALISED_KEY)).toBe('1');
  });

  it('keeps a later "system" choice (no theme key) instead of forcing light again', () => {
    runScript();
    localStorage.removeItem(THEME_STORAGE_KEY); // what choosing "system" does
    runScript();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('never overrides a stored choice', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    runScript();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });
});

describe('announcement reset script', () => {
  beforeEach(() => localStorage.clear());

  it('clears a dismissal made for an older announcement id', async () => {
    const {ANNOUNCEMENT_ID, announcementResetScript} = await import('../../src/config/announcement');
    localStorage.setItem('docusaurus.announcement.id', 'older');
    localStorage.setItem('docusaurus.announcement.dismiss', 'true');
    new Function(announcementResetScript)();
    expect(localStorage.getItem('docusaurus.announcement.dismiss')).toBe('false');

    localStorage.setItem('docusaurus.announcement.id', ANNOUNCEMENT_ID);
    localStorage.setItem('docusaurus.announcement.dismiss', 'true');
    new Function(announcementResetScript)();
    expect(localStorage.getItem('docusaurus.announcement.dismiss')).toBe('true');
  });
});
