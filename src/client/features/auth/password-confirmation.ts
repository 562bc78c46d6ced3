/** Under the "confirm" field of a form that sets a password (reset, change): the client's own check, the server never sees it. */
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match'
