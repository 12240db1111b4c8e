/**
 * Where the build serves the index's entry file (the engine's contract). A module of its own: the
 * header's inline shortcut script asks for the file at the shortcut and copies what it imports.
 */
export const SEARCH_ENTRY_URL = '/search/index.json';
