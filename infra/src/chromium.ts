import { existsSync } from 'node:fs';
import { aptGetInstall } from './apt';

/** Where Debian's `chromium` package puts the browser. */
export const debianChromiumPath = '/usr/bin/chromium';

/**
 * Debian's Chromium for the browser tests, installing the `chromium` package when missing. Debian's build rather
 * than a browser download of playwright's own, which the machines' closed network does not allow.
 */
export const debianChromium = (log: (line: string) => void = () => undefined): string => {
  if (existsSync(debianChromiumPath)) return debianChromiumPath;
  aptGetInstall(['chromium'], log);
  if (!existsSync(debianChromiumPath)) throw new Error(`the chromium package is installed but ${debianChromiumPath} is missing`);
  return debianChromiumPath;
};
