/** The file the build writes for the search index and removes once the index is written. */
export const searchRecordsFile = 'search-records.json';

/** One entry per catalogue item: its own page's path, and the record to index when that page is not built. */
export type ItemRecordFile = { page: string; url: string; html: string }[];
