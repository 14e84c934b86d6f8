import { config } from 'zod';

// The content security policy refuses string evaluation (script-src 'self', docs/API.md). zod
// compiles object parsers with `new Function` where it may; its probe for that is refused and
// reported as a CSP violation, although zod then parses without it. Parse without it from the
// start: the same answers, and fast enough for forms and envelopes. A schema built before this
// line would keep probing, so main.tsx imports this module first.
config({ jitless: true });
