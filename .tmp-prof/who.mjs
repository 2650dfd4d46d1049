import { readFileSync } from 'node:fs';
const [,, file, name] = process.argv;
const p = JSON.parse(readFileSync(file, 'utf8'));
const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n);
const dt = new Map(); for (let i = 0; i < p.samples.length; i++) dt.set(p.samples[i], (dt.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
const stacks = new Map();
for (const n of p.nodes) if (n.callFrame.functionName === name) {
  let s = []; let x = parent.get(n.id); while (x && s.length < 12) { s.push(`${x.callFrame.functionName}@${x.callFrame.url.split('/').slice(-2).join('/')}:${x.callFrame.lineNumber}`); x = parent.get(x.id); }
  const k = s.join(' < '); stacks.set(k, (stacks.get(k) ?? 0) + (dt.get(n.id) ?? 0));
}
for (const [k, v] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 4)) console.log((v/1000).toFixed(0)+'ms', k, '\n');
