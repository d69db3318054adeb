import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '/work/main/scripts/chromium.mjs';
import { readFileSync } from 'node:fs';
const axeSrc = readFileSync('/work/main/node_modules/axe-core/axe.min.js', 'utf8');
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
await ctx.addInitScript(() => {
  let channel; window.__done = [];
  Object.defineProperty(globalThis, '__STORYBOOK_ADDONS_CHANNEL__', { configurable: true, get: () => channel, set(n) { if (n && n !== channel) n.on('storyFinished', (a) => window.__done.push(a.storyId)); channel = n; } });
});
const page = await ctx.newPage();
const id = process.argv[2];
await page.goto(`http://127.0.0.1:6107/iframe.html?id=${id}&viewMode=story`);
await page.waitForFunction((id) => window.__done.includes(id), id, { timeout: 60000 });
await page.addScriptTag({ content: axeSrc.replace(/^/, 'var module;') });
const res = await page.evaluate(async () => {
  const axe = window.axe;
  const rules = axe.getRules().map(r => r.ruleId);
  const out = {};
  for (const pre of [true, false, true, false]) { const t0 = performance.now(); await axe.run(document.body, { preload: pre, resultTypes: ['violations'], rules: { region: { enabled: false } } }); out['__pre' + pre + Math.random().toFixed(2)] = performance.now() - t0; }
  for (const pre of [true, false]) { const t0 = performance.now(); await axe.run(document.body, { preload: pre, runOnly: { type: 'rule', values: ['color-contrast'] } }); out['__cc' + pre] = performance.now() - t0; }
  let t = performance.now();
  await axe.run(document.body, { resultTypes: ['violations'], rules: { region: { enabled: false } } });
  out.__all = performance.now() - t;
  for (const r of rules) {
    t = performance.now();
    await axe.run(document.body, { runOnly: { type: 'rule', values: [r] }, resultTypes: ['violations'] });
    out[r] = performance.now() - t;
  }
  return out;
});
const n = await page.evaluate(() => document.querySelectorAll('*').length);
console.log('elements', n, 'all', res.__all.toFixed(0), Object.entries(res).filter(([k]) => k.startsWith('__')));
console.log(Object.entries(res).filter(([k]) => k !== '__all').sort((a, b) => b[1] - a[1]).slice(0, 20).map(([k, v]) => `${v.toFixed(0).padStart(5)} ${k}`).join('\n'));
await browser.close();
