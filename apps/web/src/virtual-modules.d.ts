// Served by vite-plugins/startupMessages.ts (Vite plugin): a language's startup subset of the message catalogue.
declare module 'virtual:startup-messages/*' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}
