/** Types of scripts/build-site.mjs, for the tests that build the site into their own folder. */
export declare const DEFAULT_SITE_DIR: string;
export declare const buildSite: (outDir?: string) => Promise<string>;
