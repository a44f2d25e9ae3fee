/**
 * The part of jsdom's API the server and cluster suites use to read the HTML and XML they receive
 * (jsdom is installed for the views' test environment; its own types are not).
 */
declare module 'jsdom' {
  export class JSDOM {
    constructor(markup?: string, options?: { contentType?: string });
    readonly window: { document: Document };
  }
}
