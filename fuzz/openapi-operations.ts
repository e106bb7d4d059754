// Every operation of the app's OpenAPI document, with the schemas the fuzzer generates requests from.
import type { FastifyInstance } from 'fastify';

export interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  default?: unknown;
}

export interface Operation {
  method: string;
  /** OpenAPI form: /api/customers/{id} */
  path: string;
  /** Fastify form: /api/customers/:id (the key the tenant-isolation table uses). */
  route: string;
  pathParams: { name: string; schema: JsonSchema }[];
  query: { name: string; required: boolean; schema: JsonSchema }[];
  body: JsonSchema | null;
  summary: string;
}

interface OpenApiDoc {
  paths: Record<string, Record<string, { summary?: string; parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function operationsOf(app: FastifyInstance): Operation[] {
  const doc = (app as unknown as { swagger: () => OpenApiDoc }).swagger();
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(item)) {
      if (!METHODS.has(m)) continue;
      const params = op.parameters ?? [];
      ops.push({
        method: m.toUpperCase(),
        path,
        route: path.replace(/\{([^}]+)\}/g, ':$1'),
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, required: !!p.required, schema: p.schema ?? {} })),
        body: op.requestBody?.content['application/json']?.schema ?? null,
        summary: op.summary ?? '',
      });
    }
  }
  return ops;
}

export const operationKey = (op: { method: string; route: string }) => `${op.method} ${op.route}`;
