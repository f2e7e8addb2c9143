// Extends theme-classic's NavbarItem/ComponentTypes (eject-safe, wrap-forbidden per
// getSwizzleConfig) to register our `custom-authButton` navbar item, as docusaurus.io does.
import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import AuthButton from '@site/src/components/AuthButton';

export default {
  ...ComponentTypes,
  'custom-authButton': AuthButton,
};
