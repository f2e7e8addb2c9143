// Extends theme-classic's NavbarItem/ComponentTypes (eject-safe, wrap-forbidden per
// getSwizzleConfig) to register our `custom-authButton` and `custom-search` navbar items, as
// docusaurus.io does.
import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import AuthButton from '@site/src/components/AuthButton';
import SearchButton from '@site/src/components/SearchButton';

export default {
  ...ComponentTypes,
  'custom-search': SearchButton,
  'custom-authButton': AuthButton,
};
