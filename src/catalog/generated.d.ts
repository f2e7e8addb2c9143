// The module plugins/course-catalog writes with createData (Docusaurus resolves @generated/ to
// .docusaurus/).
declare module '@generated/course-catalog/default/descriptions.json' {
  const descriptions: import('./types').CatalogDescriptions;
  export default descriptions;
}
