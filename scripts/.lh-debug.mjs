import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const url = process.argv[2];
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
try {
  const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance','accessibility','best-practices','seo'] });
  const a = lhr.audits;
  console.log('scores', Object.fromEntries(Object.entries(lhr.categories).map(([k,v]) => [k, v.score])));
  for (const id of ['first-contentful-paint','largest-contentful-paint','speed-index','total-blocking-time','cumulative-layout-shift']) console.log(id, a[id].numericValue?.toFixed(0), a[id].score);
  console.log('inspector-issues', JSON.stringify(a['inspector-issues'].details?.items, null, 1)?.slice(0, 3000));
  console.log('LCP element', JSON.stringify(a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet));
  console.log('LCP phases', JSON.stringify(a['largest-contentful-paint-element']?.details?.items?.[1]?.items));
  console.log('render-blocking', JSON.stringify(a['render-blocking-resources']?.details?.items?.map(i => [i.url, i.wastedMs])));
  console.log('scripts', a['network-requests'].details.items.filter(r => r.resourceType === 'Script').map(r => `${r.url.split('/').pop()} ${r.transferSize}`).join(', '));
  console.log('bootup', JSON.stringify(a['bootup-time']?.details?.items?.slice(0,5).map(i => [i.url.split('/').pop(), Math.round(i.total), Math.round(i.scripting)])));
  console.log('mainthread', JSON.stringify(a['mainthread-work-breakdown']?.details?.items?.map(i => [i.group, Math.round(i.duration)])));
  console.log('long tasks', JSON.stringify(a['long-tasks']?.details?.items?.slice(0,8).map(i => [i.url.split('/').pop(), Math.round(i.duration), Math.round(i.startTime)])));
  for (const [k, v] of Object.entries(a)) if (v.score !== null && v.score < 1 && !['metrics'].includes(k) && v.scoreDisplayMode !== 'informative' && v.scoreDisplayMode !== 'manual') console.log('FAIL', k, v.score, v.displayValue ?? '');
} finally { await chrome.kill(); }
