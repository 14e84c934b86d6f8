// zod reads this before any schema exists (its globalConfig lives on globalThis). The content
// security policy refuses string evaluation (script-src 'self'); zod would probe `new Function` when
// it builds an object schema, and the probe is reported as a violation even though zod then parses
// without it. A deferred classic script runs before the module scripts that follow it, whatever
// chunk of the app builds a schema first (the app's own zod config came too late once the
// contracts' operation declarations were in the first chunks).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
