// Docusaurus offers a three-state colour toggle (light/dark/system) only with
// respectPrefersColorScheme, and then a first visit follows the OS. We want the three states
// *and* light on a first visit. Choosing "system" deletes the `theme` key, so an absent key
// cannot tell "first visit" from "chose system"; a separate marker key can. This inline script
// runs in <head>, before theme-classic's script reads the key, so there is no flash.
export const THEME_STORAGE_KEY = 'theme';
export const COLOR_MODE_INITIALISED_KEY = 'rma.colorMode.initialised';

export const colorModeFirstVisitScript = `(function(){try{var s=window.localStorage;if(s.getItem(${JSON.stringify(
  COLOR_MODE_INITIALISED_KEY,
)})===null){s.setItem(${JSON.stringify(COLOR_MODE_INITIALISED_KEY)},'1');if(s.getItem(${JSON.stringify(
  THEME_STORAGE_KEY,
)})===null){s.setItem(${JSON.stringify(THEME_STORAGE_KEY)},'light');}}}catch(e){}})();`;
