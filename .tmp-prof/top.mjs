import { readFileSync, readdirSync } from 'node:fs';
const dir = process.argv[2];
const f = process.argv[3] ?? readdirSync(dir).filter((x) => x.endsWith('.cpuprofile')).sort().at(-1);
const p = JSON.parse(readFileSync(`${dir}/${f}`, 'utf8'));
const self = new Map(); const byId = new Map(p.nodes.map((n) => [n.id, n]));
const dt = new Map();
for (let i = 0; i < p.samples.length; i++) dt.set(p.samples[i], (dt.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
const total = [...dt.values()].reduce((a, b) => a + b, 0);
// self by function
for (const n of p.nodes) { const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-3).join('/')}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) ?? 0) + (dt.get(n.id) ?? 0)); }
// by package (inclusive-ish: self grouped by url package)
const pkg = new Map();
for (const n of p.nodes) { const u = n.callFrame.url; const m = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(u); const k = m ? m[1] : u.includes('/wt/') ? 'app:' + u.split('/wt/i16-perf2/')[1]?.split('/').slice(0,2).join('/') : (u || n.callFrame.functionName); pkg.set(k, (pkg.get(k) ?? 0) + (dt.get(n.id) ?? 0)); }
console.log('total ms', (total / 1000).toFixed(0));
for (const [k, v] of [...pkg].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log((v / total * 100).toFixed(1) + '%', k);
console.log('---');
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((v / total * 100).toFixed(1) + '%', k);
