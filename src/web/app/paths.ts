/** The list screen's path, apart from the router so that the first script (boot.ts) can test it without loading the app. */
export const PATTERN_LIST_PATH = '/app/show-records';
