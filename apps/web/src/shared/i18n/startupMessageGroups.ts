/**
 * The message groups public pages (login, password, legal) need before the shell loads: form
 * validation and the HTTP client's own errors. Everything else comes with the shell.
 */
export const STARTUP_MESSAGE_GROUPS = ['validation', 'errors'] as const;
