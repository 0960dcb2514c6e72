/** Name and version shown to users and used for the userData folder. */
export interface AppInfo {
  productName: string;
  version: string;
}

const FALLBACK: AppInfo = { productName: 'Clinic', version: '0.0.0' };

/**
 * Reads the app's package.json. Electron's own `app.getVersion()` reports Electron's version when started
 * as `electron dist/electron/main.js` (no package.json next to the script), so the file is the one truth
 * for dev and packaged runs alike.
 */
export function readAppInfo(readFile: (path: string) => string, packageJsonPath: string): AppInfo {
  try {
    const pkg: unknown = JSON.parse(readFile(packageJsonPath));
    if (typeof pkg !== 'object' || pkg === null) return FALLBACK;
    const { productName, version } = pkg as { productName?: unknown; version?: unknown };
    return {
      productName: typeof productName === 'string' && productName ? productName : FALLBACK.productName,
      version: typeof version === 'string' && version ? version : FALLBACK.version,
    };
  } catch {
    return FALLBACK;
  }
}
