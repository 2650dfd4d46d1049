import type { JsonSchema, OpenApiDocument, OpenApiOperation } from './openapi';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const AUTH_LABEL = { public: 'Public', user: 'Connecté', admin: 'Administrateur' } as const;

/** Follows a `#/components/schemas/X` reference. */
function deref(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/components/schemas/')) return schema;
  return doc.components.schemas[ref.slice(21)] ?? schema;
}

/** A short French type label: `texte`, `entier ≥ 1`, `tableau de objet`, `texte | null`… */
function typeLabel(doc: OpenApiDocument, raw: JsonSchema): string {
  const s = deref(doc, raw);
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if ('const' in s) return JSON.stringify(s.const);
  const union = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (union) return union.map((u) => typeLabel(doc, u)).join(' | ');
  const names: Record<string, string> = {
    string: 'texte',
    integer: 'entier',
    number: 'nombre',
    boolean: 'booléen',
    object: 'objet',
    null: 'null',
  };
  const types = ([] as unknown[])
    .concat(s.type ?? [])
    .map((t) => (t === 'array' ? `tableau de ${typeLabel(doc, (s.items ?? {}) as JsonSchema)}` : (names[String(t)] ?? String(t))));
  const bounds = [
    typeof s.minLength === 'number' ? `${s.minLength}–${typeof s.maxLength === 'number' ? s.maxLength : '…'} car.` : '',
    typeof s.pattern === 'string' ? `motif ${s.pattern}` : '',
    typeof s.format === 'string' ? s.format : '',
  ].filter(Boolean);
  return [types.join(' | ') || 'quelconque', ...bounds].join(', ');
}

/** Rows for each property, nested objects and arrays of objects as `parent.child` / `list[].child` (three levels). */
function rowsOf(doc: OpenApiDocument, raw: JsonSchema, prefix: string, depth: number): string[] {
  const s = deref(doc, raw);
  const props = (s.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((s.required ?? []) as string[]);
  return Object.entries(props).flatMap(([name, p]) => {
    const row = `<tr><td><code>${esc(prefix + name)}</code></td><td>${esc(typeLabel(doc, p))}</td><td>${required.has(name) ? 'oui' : 'non'}</td></tr>`;
    const inner = deref(doc, p);
    const items = inner.type === 'array' && inner.items ? deref(doc, inner.items as JsonSchema) : undefined;
    if (depth >= 2) return [row];
    if (inner.properties) return [row, ...rowsOf(doc, inner, `${prefix}${name}.`, depth + 1)];
    if (items?.properties) return [row, ...rowsOf(doc, items, `${prefix}${name}[].`, depth + 1)];
    return [row];
  });
}

/** The fields of a body or an answer (an array answer lists its items' fields as `[].field`). */
function fieldRows(doc: OpenApiDocument, raw: JsonSchema | undefined): string {
  if (!raw) return '<p class="none">Aucun</p>';
  const s = deref(doc, raw);
  const items = s.type === 'array' && s.items ? deref(doc, s.items as JsonSchema) : undefined;
  const rows = items ? rowsOf(doc, items, '[].', 0) : rowsOf(doc, s, '', 0);
  if (!rows.length) return `<p class="none">${esc(typeLabel(doc, raw))}</p>`;
  return `<table><thead><tr><th>Champ</th><th>Type</th><th>Requis</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function operationHtml(doc: OpenApiDocument, method: string, path: string, op: OpenApiOperation): string {
  const auth = AUTH_LABEL[op['x-auth'] ?? 'public'];
  const params = (op.parameters ?? []).filter((p) => p.in !== 'header');
  const ok = Object.entries(op.responses).find(([status]) => status.startsWith('2'));
  const okContent = Object.entries((ok?.[1].content ?? {}) as Record<string, { schema: JsonSchema }>)[0];
  const errors = Object.keys(op.responses).filter((s) => !s.startsWith('2'));
  const paramRows = params.map(
    (p) =>
      `<tr><td><code>${esc(p.name)}</code></td><td>${p.in === 'path' ? 'chemin' : 'requête'}</td><td>${esc(typeLabel(doc, p.schema))}</td><td>${p.required ? 'oui' : 'non'}</td></tr>`,
  );
  return `<section class="op" id="${esc(op.operationId)}">
<h3><span class="m m-${method}">${method.toUpperCase()}</span> <code>${esc(path)}</code> <span class="auth">${auth}</span></h3>
<p>${esc(op.summary)}</p>
${paramRows.length ? `<h4>Paramètres</h4><table><thead><tr><th>Nom</th><th>Où</th><th>Type</th><th>Requis</th></tr></thead><tbody>${paramRows.join('')}</tbody></table>` : ''}
${op.requestBody ? `<h4>Corps JSON</h4>${fieldRows(doc, op.requestBody.content['application/json'].schema)}` : ''}
<h4>Réponse ${esc(ok?.[0] ?? '')}${okContent && okContent[0] !== 'application/json' ? ` (${esc(okContent[0])})` : ''}</h4>${fieldRows(doc, okContent?.[1].schema)}
<p class="err">Erreurs : ${errors.map(esc).join(', ')} — corps <code>{ "error": "…" }</code></p>
</section>`;
}

/** A self-contained HTML reference (no script, no external asset), grouped by tag, from the OpenAPI document. */
export function renderDocsPage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>(doc.tags.map((t) => [t.name, []]));
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) byTag.get(op.tags[0] ?? '')?.push(operationHtml(doc, method, path, op));
  }
  const toc = [...byTag.keys()].map((t) => `<li><a href="#tag-${esc(t)}">${esc(t)}</a></li>`).join('');
  const sections = [...byTag].map(([t, ops]) => `<h2 id="tag-${esc(t)}">${esc(t)}</h2>${ops.join('\n')}`).join('\n');
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:1rem;color:#1b1b1b}
code{background:#f3f3f3;padding:0 .25em;border-radius:3px}
.op{border:1px solid #ddd;border-radius:6px;padding:.5rem 1rem;margin:1rem 0}
h3{margin:.3rem 0;font-size:1.05rem} h4{margin:.6rem 0 .2rem;font-size:.95rem}
.m{display:inline-block;min-width:4.2em;text-align:center;color:#fff;border-radius:4px;font-size:.85em;padding:0 .3em}
.m-get{background:#1565c0}.m-post{background:#2e7d32}.m-put{background:#ef6c00}.m-delete{background:#c62828}
.auth{font-weight:normal;font-size:.85em;color:#555;border:1px solid #bbb;border-radius:4px;padding:0 .3em}
table{border-collapse:collapse;width:100%;font-size:.9em} td,th{border:1px solid #e2e2e2;padding:.2em .5em;text-align:left}
.none,.err{color:#555;font-size:.9em}
</style></head><body>
<h1>${esc(doc.info.title)} <small>${esc(doc.info.version)}</small></h1>
<p>Chemins sous <code>/api</code>, corps JSON uniquement. Authentification : <code>Authorization: Bearer &lt;token&gt;</code>
(le <code>token</code> des réponses de connexion) ou le cookie de session. Erreurs : <code>{ "error": "&lt;texte en français&gt;" }</code>,
plus <code>success: false</code> quand la réponse documentée a <code>success</code>.
Description complète : <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<ul>${toc}</ul>
${sections}
</body></html>`;
}
