/**
 * A third party's view of the REST API: plain `fetch`, JSON in and out, and every answer checked
 * against the server's own OpenAPI description (status documented, body matching its schema).
 * No project code: only the HTTP surface.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { callKey, type Call, type Method } from './calls';

type Json = Record<string, unknown>;

export interface OpenApiDoc {
  paths: Record<string, Record<string, { responses: Record<string, Json> }>>;
  components: { schemas: Record<string, Json>; responses: Record<string, Json> };
}

export interface Answer<T = Json> {
  status: number;
  headers: Headers;
  /** The parsed JSON body (`undefined` when the body is not JSON). */
  body: T;
  text: string;
}

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  /** Sent as JSON (`application/json`). */
  body?: unknown;
  /** Sent as is, with `contentType` (default `application/json`). */
  raw?: string;
  contentType?: string;
  token?: string;
  headers?: Record<string, string>;
}

const fill = (path: string, params: CallOptions['params'] = {}) =>
  path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (params[name] === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(params[name]));
  });

export function createClient(baseUrl: string) {
  const called = new Set<string>();
  const succeeded = new Set<string>();
  let doc: OpenApiDoc | undefined;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const checks = new Map<string, { mediaTypes: string[]; validate: ValidateFunction | null }>();

  /** What the description says `status` answers for this operation: its media types and JSON schema. */
  function documented(method: Method, path: string, status: number) {
    const key = `${method} ${path} ${status}`;
    const known = checks.get(key);
    if (known) return known;
    const op = doc!.paths[path]?.[method.toLowerCase()];
    if (!op) throw new Error(`${method} ${path} is not in the OpenAPI description`);
    let response = op.responses[String(status)];
    if (!response)
      throw new Error(
        `${method} ${path} answered ${status}, a status its OpenAPI description does not list`,
      );
    const ref = response.$ref;
    if (typeof ref === 'string') response = doc!.components.responses[ref.split('/').pop()!]!;
    const content = (response.content ?? {}) as Record<string, { schema: Json }>;
    const schema = content['application/json']?.schema;
    const check = {
      mediaTypes: Object.keys(content),
      validate: schema ? ajv.compile({ ...schema, components: doc!.components }) : null,
    };
    checks.set(key, check);
    return check;
  }

  function checkAnswer(method: Method, path: string, res: Response, text: string, parsed: unknown) {
    const { mediaTypes, validate } = documented(method, path, res.status);
    const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
    const covered = (m: string) =>
      m === type || (m.endsWith('/*') && type.startsWith(m.slice(0, -1)));
    if (mediaTypes.length && text.length && !mediaTypes.some(covered)) {
      throw new Error(
        `${method} ${path} answered ${res.status} as ${type}; its OpenAPI description says ${mediaTypes.join(', ')}`,
      );
    }
    if (validate && type === 'application/json' && !validate(parsed)) {
      throw new Error(
        `${method} ${path} answered ${res.status} with a body its OpenAPI description does not allow:\n` +
          `${ajv.errorsText(validate.errors, { separator: '\n' })}\nbody: ${text.slice(0, 1000)}`,
      );
    }
  }

  async function call<T = Json>(
    method: Method,
    path: string,
    o: CallOptions = {},
  ): Promise<Answer<T>> {
    called.add(callKey([method, path]));
    const search = o.query
      ? `?${new URLSearchParams(Object.entries(o.query).map(([k, v]) => [k, String(v)])).toString()}`
      : '';
    const headers: Record<string, string> = { accept: 'application/json', ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: string | undefined;
    if (o.raw !== undefined) {
      body = o.raw;
      headers['content-type'] = o.contentType ?? 'application/json';
    } else if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(`${baseUrl}${fill(path, o.params)}${search}`, {
      method,
      headers,
      body,
    });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (doc) checkAnswer(method, path, res, text, parsed);
    if (res.ok) succeeded.add(callKey([method, path]));
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  return {
    call,
    /** From now on, every answer must match this description. */
    useDescription: (d: OpenApiDoc) => void (doc = d),
    /** The calls made so far, as `METHOD /path/{template}`. */
    called: () => new Set(called),
    /** The calls of `calls` never answered with a 2xx status (a 401 walk does not count). */
    missing: (calls: readonly Call[]) => calls.map(callKey).filter((k) => !succeeded.has(k)),
  };
}

export type ContractClient = ReturnType<typeof createClient>;
