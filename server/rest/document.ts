/**
 * The parts of an OpenAPI document the REST layer completes and the reference page reads, typed
 * loosely enough that what @fastify/swagger hands over (any OpenAPI version) fits without a cast.
 */
export type JsonSchema = Record<string, unknown>;

/** Schemas stay `unknown` in the types below (openapi-types' interfaces lack index signatures); this narrows one. */
export const isSchema = (v: unknown): v is JsonSchema =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

export interface DocParameter {
  $ref?: string;
  name?: string;
  in?: string;
  required?: boolean;
  schema?: unknown;
}

export interface DocOperation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: DocParameter[];
  requestBody?: {
    $ref?: string;
    required?: boolean;
    content?: Record<string, { schema?: unknown }>;
  };
  responses?: Record<
    string,
    | { $ref?: string; description?: string; content?: Record<string, { schema?: unknown }> }
    | undefined
  >;
  'x-auth'?: 'user' | 'admin';
}

export type DocPathItem = Partial<Record<(typeof METHODS)[number], DocOperation>>;

export interface DocDocument {
  info?: { title?: string; version?: string };
  tags?: { name: string }[];
  paths?: Record<string, DocPathItem | undefined>;
  components?: { schemas?: Record<string, unknown> };
}
