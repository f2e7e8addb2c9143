/* global module */
// Node's own import(), from a file Node loads itself (see nativeImport.ts for why).
module.exports = (specifier) => import(specifier);
