// Minimal @docusaurus/useGlobalData for unit tests: an empty course catalog. Tests that need
// courses mock @site/src/catalog/useCatalog with their own.
export function usePluginData(plugin: string): unknown {
  if (plugin === 'course-catalog') return {courses: []};
  throw new Error(`no stub for the global data of plugin "${plugin}"`);
}
