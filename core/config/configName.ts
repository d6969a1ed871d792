// The gate config's file name, apart from its reader so the file walk can know it without loading
// the reader: a `website-reports.json` met in a folder is a config (its `sources` hold URL patterns,
// `…/blog/{slug}`), never a page's text, in the editor and the command line alike.
export const CONFIG_FILE_NAME = 'website-reports.json';
