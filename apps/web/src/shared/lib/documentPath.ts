/**
 * The path the browser loaded this document at (captured when main.tsx starts, before any in-app
 * navigation). A page whose server policy differs from the app's (the data boards' frame-src) uses
 * it to tell whether the policy in force is its own.
 */
export const DOCUMENT_PATH = window.location.pathname;
