import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiServer } from './api-server';
import { buildAppFor } from './app-build';
import { REPO_ROOT } from './repo';
import { serveStaticSite } from './static-site';

export interface CrossOriginDeployment {
  /** Where the API answers: its PUBLIC_URL. */
  apiUrl: string;
  /** Where the built app is hosted: the API's CORS_ORIGINS and APP_URL. */
  appUrl: string;
  stop(): Promise<void>;
}

/**
 * A front end hosted apart from the API: the built server on http://localhost:<port + 1> with CORS_ORIGINS naming the
 * app, and the app built with VITE_API_BASE pointing at it, served on http://localhost:<port + 2>.
 * Both are on localhost on purpose: another origin (the port differs) but the same site (ports do not count), so the
 * SameSite=Lax session cookie travels with the app's credentialed calls. localhost and 127.0.0.1 would be two sites,
 * and a Lax cookie would never reach the API (that deployment needs CROSS_SITE_COOKIES over https).
 */
export async function startCrossOriginDeployment(
  basePort = Number(process.env.E2E_PORT ?? 3123),
): Promise<CrossOriginDeployment> {
  const apiPort = basePort + 1;
  const appPort = basePort + 2;
  const apiUrl = `http://localhost:${apiPort}`;
  const appUrl = `http://localhost:${appPort}`;
  const appDir = join(REPO_ROOT, 'e2e', 'dist', 'cross-origin-app');

  await buildAppFor(apiUrl, appDir);
  const dataDir = mkdtempSync(join(tmpdir(), 'inventory-e2e-cross-origin-'));
  const api = await startApiServer(
    {
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: apiUrl,
      CORS_ORIGINS: appUrl,
      APP_URL: appUrl,
      // This API serves no app of its own.
      APP_DIST: join(dataDir, 'no-app'),
    },
    `${apiUrl}/readyz`,
  );
  const site = await serveStaticSite(appDir, appPort).catch(async (error: unknown) => {
    await api.stop();
    throw error;
  });
  return {
    apiUrl,
    appUrl,
    async stop() {
      await site.close();
      await api.stop();
    },
  };
}
