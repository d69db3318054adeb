import http from 'node:http';

export interface UsersOptions {
  url: string;
  headers: Record<string, string>;
  /** The next path a user opens. */
  nextPath: () => string;
  users: number;
  /** Pages each user opens a second, on average. */
  pagesPerSecond: number;
  durationMs: number;
  /** The schedule's seed, so two runs send the same requests at the same moments. */
  seed?: number;
}

export interface UsersResult {
  /** Milliseconds from each request's scheduled moment to the end of its answer. */
  latencies: number[];
  /** The path of each of `latencies`, in the same order. */
  paths: string[];
  non2xx: number;
  errors: number;
}

/**
 * People at work, each on their own connection, opening pages at random moments (exponential pauses averaging
 * 1 / pagesPerSecond, so the moments of different people are independent, as a shop's staff are). Open loop: a
 * request's time counts from when its user meant to send it, so an answer that comes late also delays and counts
 * against the next one (no coordinated omission).
 */
export async function randomUsers(options: UsersOptions): Promise<UsersResult> {
  let state = options.seed ?? 2024;
  const random = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 4294967296;
  const pause = () => (-Math.log(1 - random()) * 1000) / options.pagesPerSecond;
  const target = new URL(options.url);
  const result: UsersResult = { latencies: [], paths: [], non2xx: 0, errors: 0 };
  const started = performance.now();
  const end = started + options.durationMs;

  const user = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let scheduled = started + pause();
    try {
      while (scheduled < end) {
        const wait = scheduled - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const path = options.nextPath();
        const status = await get(agent, target, path, options.headers).catch(() => 0);
        if (status === 0) result.errors += 1;
        else if (status < 200 || status > 299) result.non2xx += 1;
        result.latencies.push(performance.now() - scheduled);
        result.paths.push(path);
        scheduled += pause();
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(Array.from({ length: options.users }, user));
  return result;
}

function get(agent: http.Agent, target: URL, path: string, headers: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    const req = http.get({ host: target.hostname, port: target.port, path, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
