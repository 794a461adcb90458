/**
 * A small OpenAPI 3.0 schema checker (type, format date-time, required, properties, items, enum,
 * nullable, allOf/oneOf/anyOf, $ref) for tests that hold the simulator's answers and the
 * client's requests against ServiceTitan's published documents. Not a full validator: just
 * enough to catch a missing required field, a wrong type or an undeclared query parameter.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- OpenAPI documents are untyped JSON */
export interface OpenApiDocument {
  paths: Record<string, Record<string, any>>;
  components?: { schemas?: Record<string, any> };
}

type Schema = Record<string, any>;

function resolve(doc: OpenApiDocument, schema: Schema): Schema {
  let current = schema;
  for (let depth = 0; typeof current.$ref === 'string' && depth < 20; depth++) {
    const name = current.$ref.replace('#/components/schemas/', '');
    const target = doc.components?.schemas?.[name];
    if (!target) throw new Error(`unresolved $ref ${current.$ref}`);
    current = target;
  }
  return current;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Problems with `value` against `schema`, each naming where (empty when it conforms). */
export function checkSchema(
  doc: OpenApiDocument,
  schemaOrRef: Schema,
  value: unknown,
  at = '$',
): string[] {
  const schema = resolve(doc, schemaOrRef);
  if (value === null || value === undefined) {
    return schema.nullable || value === undefined ? [] : [`${at}: null but not nullable`];
  }
  const problems: string[] = [];
  for (const part of schema.allOf ?? []) problems.push(...checkSchema(doc, part, value, at));
  if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) {
    const options: Schema[] = schema.oneOf ?? schema.anyOf;
    if (!options.some((option) => checkSchema(doc, option, value, at).length === 0)) {
      problems.push(`${at}: matches none of ${options.length} alternatives`);
    }
  }
  const actual = typeOf(value);
  if (schema.type) {
    const ok = schema.type === actual || (schema.type === 'number' && actual === 'integer');
    if (!ok) return [...problems, `${at}: expected ${schema.type}, got ${actual}`];
  }
  if (schema.enum && !schema.enum.includes(value))
    problems.push(`${at}: ${JSON.stringify(value)} not in enum`);
  if (
    schema.format === 'date-time' &&
    typeof value === 'string' &&
    Number.isNaN(Date.parse(value))
  ) {
    problems.push(`${at}: not a date-time`);
  }
  if (actual === 'object' && (schema.properties || schema.required)) {
    const record = value as Record<string, unknown>;
    for (const name of schema.required ?? []) {
      if (!(name in record)) problems.push(`${at}.${name}: required but missing`);
    }
    for (const [name, propertySchema] of Object.entries<Schema>(schema.properties ?? {})) {
      if (name in record)
        problems.push(...checkSchema(doc, propertySchema, record[name], `${at}.${name}`));
    }
  }
  if (actual === 'array' && schema.items) {
    (value as unknown[]).forEach((item, i) =>
      problems.push(...checkSchema(doc, schema.items, item, `${at}[${i}]`)),
    );
  }
  return problems;
}

/** OpenAPI paths are relative to the module: `/tenant/{tenant}/appointments`. */
export function operationOf(
  doc: OpenApiDocument,
  path: string,
  method: string,
): Record<string, any> {
  const operation = doc.paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`no ${method} ${path} in the document`);
  return operation;
}

export function checkResponse(
  doc: OpenApiDocument,
  path: string,
  method: string,
  status: number,
  body: unknown,
): string[] {
  const response = operationOf(doc, path, method).responses?.[String(status)];
  if (!response) return [`no documented ${status} answer for ${method} ${path}`];
  const schema = response.content?.['application/json']?.schema;
  return schema ? checkSchema(doc, schema, body) : [];
}

/** Each query parameter must be declared by the operation and its text must parse as its schema. */
export function checkQuery(
  doc: OpenApiDocument,
  path: string,
  method: string,
  query: Record<string, string>,
): string[] {
  const parameters: { name: string; in: string; schema: Schema }[] =
    operationOf(doc, path, method).parameters ?? [];
  const problems: string[] = [];
  for (const [name, text] of Object.entries(query)) {
    const parameter = parameters.find((p) => p.in === 'query' && p.name === name);
    if (!parameter) {
      problems.push(`query ${name}: not a parameter of ${method} ${path}`);
      continue;
    }
    const schema = resolve(doc, parameter.schema);
    let value: unknown = text;
    if (schema.type === 'integer') value = /^-?\d+$/.test(text) ? Number(text) : text;
    if (schema.type === 'boolean')
      value = /^(true|false)$/i.test(text) ? text.toLowerCase() === 'true' : text;
    problems.push(...checkSchema(doc, schema, value, `query ${name}`));
  }
  return problems;
}
