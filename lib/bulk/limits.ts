/** A bulk Pay-Out file's limits, in a module of its own so the upload form can check the size before sending. */
export const MAX_FILE_BYTES = 1_000_000;
export const MAX_ROWS = 1_000;
