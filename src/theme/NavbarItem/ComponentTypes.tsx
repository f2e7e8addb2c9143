// Extends theme-classic's NavbarItem/ComponentTypes (eject-safe, wrap-forbidden per
// getSwizzleConfig) to register our `custom-authButton`, `custom-search` and `custom-roleLinks`
// navbar items, as docusaurus.io does.
import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import AuthButton from '@site/src/components/account/AuthButton';
import SearchButton from '@site/src/components/search/SearchButton';
import RoleLinks from '@site/src/components/site/RoleLinks';

export default {
  ...ComponentTypes,
  'custom-search': SearchButton,
  'custom-authButton': AuthButton,
  'custom-roleLinks': RoleLinks,
};
