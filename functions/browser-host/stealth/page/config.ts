/** Client hints of the browser the pages see (`navigator.userAgentData`). */
export interface UserAgentMetadata {
  brands: { brand: string; version: string }[];
  fullVersionList: { brand: string; version: string }[];
  fullVersion: string;
  platform: string;
  platformVersion: string;
  architecture: string;
  model: string;
  mobile: boolean;
  bitness: string;
  wow64: boolean;
  formFactors: string[];
}

/** What the patches receive from the fingerprint (`../fingerprint.ts`), as JSON. */
export interface PatchConfig {
  userAgent: string;
  platform: string;
  languages: string[];
  metadata: UserAgentMetadata;
  webgl: { vendor: string; renderer: string };
  /** The browser is a headless shell, with quirks (notifications denied in every frame) a full Chromium lacks. */
  headlessShell: boolean;
}

/** A window or a worker's global scope; what is read of it is checked before use (a worker has no plugins). */
export type Scope = typeof globalThis & Record<string, unknown>;
