import { API_ROUTES } from '@inventory/contract';

/**
 * Which routes of the API description the shared scenarios reach with a success (2xx, or 304), as each runner sees
 * it: a route no scenario answers successfully could drift between the mocks and the server unseen, so the runners
 * fail on it (like the server's test that fails on a route the description leaves out).
 */
interface RouteMatcher {
  key: string;
  pattern: RegExp;
  params: number;
}

/**
 * The server's own routes, which no client of the app calls and the mocks do not serve: the health probes (tested in
 * server/test/http.test.ts and outage.test.ts) and the API description itself (server/test/openapi*.test.ts).
 */
const SERVER_ONLY_TAGS: ReadonlySet<string> = new Set(['Health', 'Docs']);

const MATCHERS: RouteMatcher[] = API_ROUTES.filter((route) => !SERVER_ONLY_TAGS.has(route.tag)).map((route) => ({
  key: `${route.method.toUpperCase()} ${route.path}`,
  pattern: new RegExp(`^${route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
  params: (route.path.match(/\{/g) ?? []).length,
}));

/** The route a request is answered by: the one with the fewest parameters (`/api/products/summary` before `{id}`). */
export function routeOf(method: string, url: string): string | undefined {
  const { pathname } = new URL(url, 'http://scenario.test');
  const candidates = MATCHERS.filter((m) => m.key.startsWith(`${method.toUpperCase()} `) && m.pattern.test(pathname));
  return candidates.sort((a, b) => a.params - b.params)[0]?.key;
}

export interface RouteCoverage {
  /** Give it every answer (the scenario client's `onResponse`). */
  observe(method: string, url: string, status: number): void;
  /** The routes of the description no scenario has answered with a success, as `METHOD /path/{param}`. */
  missing(): string[];
}

export function createRouteCoverage(): RouteCoverage {
  const reached = new Set<string>();
  return {
    observe(method, url, status) {
      if (!((status >= 200 && status < 300) || status === 304)) return;
      const route = routeOf(method, url);
      if (route) reached.add(route);
    },
    missing: () => MATCHERS.map((m) => m.key).filter((key) => !reached.has(key)),
  };
}
