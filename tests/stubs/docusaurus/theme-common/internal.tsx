// Minimal @docusaurus/theme-common/internal for unit tests.
export const mobileSidebar = {shown: false, disabled: false, toggle: () => undefined};

export function useNavbarMobileSidebar() {
  return mobileSidebar;
}
