import { createElement as h, Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  isSchema,
  METHODS,
  type DocDocument,
  type DocOperation,
  type JsonSchema,
} from './document';

const AUTH_LABEL = { public: 'Public', user: 'Connecté', admin: 'Administrateur' } as const;

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:1rem;color:#1b1b1b}
code{background:#f3f3f3;padding:0 .25em;border-radius:3px}
.op{border:1px solid #ddd;border-radius:6px;padding:.5rem 1rem;margin:1rem 0}
h3{margin:.3rem 0;font-size:1.05rem} h4{margin:.6rem 0 .2rem;font-size:.95rem}
.m{display:inline-block;min-width:4.2em;text-align:center;color:#fff;border-radius:4px;font-size:.85em;padding:0 .3em}
.m-get{background:#1565c0}.m-post{background:#2e7d32}.m-put{background:#ef6c00}.m-delete{background:#c62828}
.auth{font-weight:normal;font-size:.85em;color:#555;border:1px solid #bbb;border-radius:4px;padding:0 .3em}
table{border-collapse:collapse;width:100%;font-size:.9em} td,th{border:1px solid #e2e2e2;padding:.2em .5em;text-align:left}
.none,.err{color:#555;font-size:.9em}`;

const schemaOf = (v: unknown): JsonSchema => (isSchema(v) ? v : {});
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** Follows a `#/components/schemas/X` reference. */
function deref(doc: DocDocument, schema: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/components/schemas/')) return schema;
  const target = doc.components?.schemas?.[ref.slice(21)];
  return isSchema(target) ? target : schema;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'texte',
  integer: 'entier',
  number: 'nombre',
  boolean: 'booléen',
  object: 'objet',
  null: 'null',
};

/** A short French type label: `texte`, `entier`, `tableau de objet`, `texte | null`… */
function typeLabel(doc: DocDocument, raw: JsonSchema): string {
  const s = deref(doc, raw);
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if ('const' in s) return JSON.stringify(s.const);
  const union = s.anyOf ?? s.oneOf;
  if (Array.isArray(union)) return union.map((u) => typeLabel(doc, schemaOf(u))).join(' | ');
  const declared: unknown[] = Array.isArray(s.type) ? s.type : s.type === undefined ? [] : [s.type];
  const types = declared.map((t) =>
    t === 'array'
      ? `tableau de ${typeLabel(doc, schemaOf(s.items))}`
      : (TYPE_NAMES[String(t)] ?? String(t)),
  );
  const bounds = [
    typeof s.minLength === 'number'
      ? `${s.minLength}–${typeof s.maxLength === 'number' ? s.maxLength : '…'} car.`
      : '',
    typeof s.pattern === 'string' ? `motif ${s.pattern}` : '',
    typeof s.format === 'string' ? s.format : '',
  ].filter(Boolean);
  return [types.join(' | ') || 'quelconque', ...bounds].join(', ');
}

interface Row {
  name: string;
  type: string;
  required: boolean;
}

/** Rows for each property, nested objects and arrays of objects as `parent.child` / `list[].child` (three levels). */
function rowsOf(doc: DocDocument, raw: JsonSchema, prefix: string, depth: number): Row[] {
  const s = deref(doc, raw);
  const required = new Set(strings(s.required));
  return Object.entries(schemaOf(s.properties)).flatMap(([name, value]) => {
    const p = schemaOf(value);
    const row = { name: prefix + name, type: typeLabel(doc, p), required: required.has(name) };
    const inner = deref(doc, p);
    const items =
      inner.type === 'array' && isSchema(inner.items) ? deref(doc, inner.items) : undefined;
    if (depth >= 2) return [row];
    if (inner.properties) return [row, ...rowsOf(doc, inner, `${prefix}${name}.`, depth + 1)];
    if (items?.properties) return [row, ...rowsOf(doc, items, `${prefix}${name}[].`, depth + 1)];
    return [row];
  });
}

const table = (head: string[], rows: ReactNode[][]) =>
  h(
    'table',
    null,
    h('thead', null, h('tr', null, ...head.map((c) => h('th', { key: c }, c)))),
    h(
      'tbody',
      null,
      ...rows.map((cells, i) =>
        h('tr', { key: i }, ...cells.map((c, j) => h('td', { key: j }, c))),
      ),
    ),
  );

/** The fields of a body or an answer (an array answer lists its items' fields as `[].field`). */
function fields(doc: DocDocument, raw: JsonSchema | undefined): ReactNode {
  if (!raw) return h('p', { className: 'none' }, 'Aucun');
  const s = deref(doc, raw);
  const items = s.type === 'array' && isSchema(s.items) ? deref(doc, s.items) : undefined;
  const rows = items ? rowsOf(doc, items, '[].', 0) : rowsOf(doc, s, '', 0);
  if (!rows.length) return h('p', { className: 'none' }, typeLabel(doc, raw));
  return table(
    ['Champ', 'Type', 'Requis'],
    rows.map((r) => [h('code', null, r.name), r.type, r.required ? 'oui' : 'non']),
  );
}

function operation(doc: DocDocument, method: string, path: string, op: DocOperation): ReactNode {
  const params = (op.parameters ?? []).filter((p) => p.in !== 'header');
  const responses = Object.entries(op.responses ?? {});
  const ok = responses.find(([status]) => status.startsWith('2'));
  const okContent = Object.entries(ok?.[1]?.content ?? {})[0];
  const errors = responses.map(([status]) => status).filter((s) => !s.startsWith('2'));
  const body = op.requestBody?.content?.['application/json']?.schema;
  const answer = okContent?.[1].schema;
  return h(
    'section',
    { className: 'op', id: op.operationId, key: `${method} ${path}` },
    h(
      'h3',
      null,
      h('span', { className: `m m-${method}` }, method.toUpperCase()),
      ' ',
      h('code', null, path),
      ' ',
      h('span', { className: 'auth' }, AUTH_LABEL[op['x-auth'] ?? 'public']),
    ),
    h('p', null, op.summary),
    params.length > 0 &&
      h(
        Fragment,
        null,
        h('h4', null, 'Paramètres'),
        table(
          ['Nom', 'Où', 'Type', 'Requis'],
          params.map((p) => [
            h('code', null, p.name),
            p.in === 'path' ? 'chemin' : 'requête',
            typeLabel(doc, schemaOf(p.schema)),
            p.required ? 'oui' : 'non',
          ]),
        ),
      ),
    op.requestBody &&
      h(
        Fragment,
        null,
        h('h4', null, 'Corps JSON'),
        fields(doc, isSchema(body) ? body : undefined),
      ),
    h(
      'h4',
      null,
      `Réponse ${ok?.[0] ?? ''}${okContent && okContent[0] !== 'application/json' ? ` (${okContent[0]})` : ''}`,
    ),
    fields(doc, isSchema(answer) ? answer : undefined),
    h(
      'p',
      { className: 'err' },
      `Erreurs : ${errors.join(', ')} — corps `,
      h('code', null, '{ "error": "…" }'),
    ),
  );
}

/** A self-contained HTML reference (no script, no external asset), grouped by tag, from the OpenAPI document. */
/** `intro`: the paragraph under the title (the legacy document's when left out). */
export function renderDocsPage(doc: DocDocument, intro?: ReactNode): string {
  const byTag = new Map<string, ReactNode[]>((doc.tags ?? []).map((t) => [t.name, []]));
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (op) byTag.get(op.tags?.[0] ?? '')?.push(operation(doc, method, path, op));
    }
  }
  const title = doc.info?.title ?? '';
  const page = h(
    'html',
    { lang: 'fr' },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('title', null, title),
      h('style', null, STYLE),
    ),
    h(
      'body',
      null,
      h('h1', null, title, ' ', h('small', null, doc.info?.version)),
      intro ??
        h(
          'p',
          null,
          'Chemins sous ',
          h('code', null, '/api'),
          ', corps JSON uniquement. Authentification : ',
          h('code', null, 'Authorization: Bearer <token>'),
          ' (le ',
          h('code', null, 'token'),
          ' des réponses de connexion) ou le cookie de session. Erreurs : ',
          h('code', null, '{ "error": "<texte en français>" }'),
          ', plus ',
          h('code', null, 'success: false'),
          ' quand la réponse documentée a ',
          h('code', null, 'success'),
          '. Description complète : ',
          h('a', { href: '/api/openapi.json' }, '/api/openapi.json'),
          ' (OpenAPI 3.1).',
        ),
      h(
        'ul',
        null,
        ...[...byTag.keys()].map((t) => h('li', { key: t }, h('a', { href: `#tag-${t}` }, t))),
      ),
      ...[...byTag].map(([t, ops]) =>
        h(Fragment, { key: t }, h('h2', { id: `tag-${t}` }, t), ...ops),
      ),
    ),
  );
  return `<!doctype html>\n${renderToStaticMarkup(page)}`;
}
