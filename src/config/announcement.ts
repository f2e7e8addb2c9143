// The announcement bar's id: change it whenever the content changes, so learners who dismissed
// the previous announcement see the new one.
export const ANNOUNCEMENT_ID = 'welcome-2025-11';

// theme-classic hides a dismissed bar with an inline script that reads only the dismiss flag;
// its React side notices a new id only after hydration, too late to lift that CSS for the current
// page view. Clearing the flag in <head> when the id changed shows a new announcement on the
// first page load instead of the second.
export const announcementResetScript = `(function(){try{var s=window.localStorage;if(s.getItem('docusaurus.announcement.id')!==${JSON.stringify(
  ANNOUNCEMENT_ID,
)}){s.setItem('docusaurus.announcement.dismiss','false');}}catch(e){}})();`;
