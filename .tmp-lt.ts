import * as chromeLauncher from 'chrome-launcher';
import { chromiumArgs, chromiumPath } from './scripts/lib/chromium.ts';
import { lighthouseRun, metric, score } from './scripts/lib/lighthouse.ts';
import { startServer } from './scripts/lib/server-process.ts';
import { startScriptFreeProxy } from './scripts/lib/script-free-proxy.ts';
const server = await startServer({ PORT: '3511', DATA_FILE: 'data/db.json', SITE_URL: 'http://127.0.0.1:3511' });
const proxy = await startScriptFreeProxy(server.url);
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: ['--headless=new', ...chromiumArgs] });
for (const page of process.argv.slice(2)) for (let i = 0; i < 3; i++) for (const [kind, base] of [['served', server.url], ['twin', proxy.url]] as const) {
  const lhr = (await lighthouseRun(chrome, `${base}${page}`))!;
  const lt = (lhr.audits['long-tasks']?.details as any)?.items ?? [];
  console.log(page, kind, score(lhr, 'performance'), 'TBT', Math.round(metric(lhr, 'total-blocking-time')), 'FCP', Math.round(metric(lhr,'first-contentful-paint')), 'LCP', Math.round(metric(lhr,'largest-contentful-paint')));
  for (const t of lt) console.log('   long task', Math.round(t.startTime), Math.round(t.duration), t.url);
  const mt = (lhr.audits['mainthread-work-breakdown']?.details as any)?.items ?? [];
  console.log('   main:', mt.map((x: any) => `${x.group} ${Math.round(x.duration)}`).join(', '));
}
await chrome.kill(); await proxy.stop(); await server.stop();
