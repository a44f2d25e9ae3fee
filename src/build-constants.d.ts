/** Values vite.config.ts writes into the bundle at build time (`define`). */
declare const __SOURCE_CODE_URL__: string;
