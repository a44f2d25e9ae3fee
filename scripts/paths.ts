/** `npm run paths`: see scripts/paths/cli.ts. */
import './paths/cli.js';
