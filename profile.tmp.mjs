import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '/work/main/scripts/chromium.mjs';
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
await ctx.addInitScript(() => {
  let channel;
  window.__done = [];
  Object.defineProperty(globalThis, '__STORYBOOK_ADDONS_CHANNEL__', { configurable: true, get: () => channel, set(n) { if (n && n !== channel) n.on('storyFinished', (a) => window.__done.push(a.storyId)); channel = n; } });
});
const page = await ctx.newPage();
const ids = process.argv.slice(2);
await page.goto(`http://127.0.0.1:6107/iframe.html?id=${ids[0]}&viewMode=story`);
await page.waitForFunction((id) => window.__done.includes(id), ids[0], { timeout: 60000 });
const cdp = await ctx.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
const t0 = Date.now();
for (const id of ids.slice(1)) {
  await page.evaluate((id) => globalThis.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId: id, viewMode: 'story' }), id);
  await page.waitForFunction((id) => window.__done.includes(id), id, { timeout: 60000, polling: 50 });
}
console.log('stories ms', Date.now() - t0);
const { profile } = await cdp.send('Profiler.stop');
const self = new Map(); const byUrl = new Map();
const dt = profile.timeDeltas; const counts = new Map();
for (let i = 0; i < profile.samples.length; i++) counts.set(profile.samples[i], (counts.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));
for (const node of profile.nodes) {
  const t = (counts.get(node.id) ?? 0) / 1000;
  const cf = node.callFrame;
  const key = `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}:${cf.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + t);
  const u = cf.url.split('/').pop() || cf.functionName;
  byUrl.set(u, (byUrl.get(u) ?? 0) + t);
}
console.log([...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, v]) => `${v.toFixed(0).padStart(6)} ${k}`).join('\n'));
console.log('---');
console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${v.toFixed(0).padStart(6)} ${k}`).join('\n'));
await browser.close();
