import { z, type ZodType } from 'zod';

/** A JSON Schema node as z.toJSONSchema writes it (draft 2020-12), the parts rendered here. */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  $ref?: string;
}

const literal = (value: unknown) =>
  typeof value === 'string' && !value.includes("'") ? `'${value}'` : JSON.stringify(value);
const SAFE = Number.MAX_SAFE_INTEGER;
const FORMATS: Record<string, string> = {
  uuid: 'uuid',
  'date-time': 'date-time',
  email: 'email',
  date: 'date',
  uri: 'url',
};

function range(min: number | undefined, max: number | undefined, unit = ''): string {
  const low = min !== undefined && min > -SAFE ? min : undefined;
  const high = max !== undefined && max < SAFE ? max : undefined;
  if (low !== undefined && high !== undefined) return low === high ? `${low}${unit}` : `${low}–${high}${unit}`;
  if (low !== undefined) return low === 1 && unit === ' chars' ? 'non-empty' : `≥ ${low}${unit}`;
  if (high !== undefined) return `≤ ${high}${unit}`;
  return '';
}

const withNote = (base: string, note: string) => (note ? `${base} (${note})` : base);

function scalar(type: string, node: JsonSchema): string {
  switch (type) {
    case 'string': {
      // A format's own pattern (zod writes one for uuid and date-time) says nothing more than its name.
      if (node.format && FORMATS[node.format]) return FORMATS[node.format]!;
      if (node.pattern && NAMED_PATTERNS[node.pattern]) return NAMED_PATTERNS[node.pattern]!;
      const notes = [node.pattern ? `/${node.pattern}/` : '', range(node.minLength, node.maxLength, ' chars')].filter(
        Boolean,
      );
      return withNote('string', notes.join(', '));
    }
    case 'integer':
    case 'number':
      return withNote(
        type,
        range(node.minimum ?? node.exclusiveMinimum, node.maximum ?? node.exclusiveMaximum).replace(
          /^≥ (\S+)$/,
          node.exclusiveMinimum !== undefined ? '> $1' : '≥ $1',
        ),
      );
    case 'null':
    case 'boolean':
      return type;
    default:
      return type;
  }
}

/** Patterns the contracts share, by the name the docs' legend gives them (any other is shown as is). */
export const NAMED_PATTERNS: Readonly<Record<string, string>> = {
  '^-?\\d+\\.\\d{2}$': 'money',
  '^\\d+\\.\\d{2}$': 'money ≥ 0',
  '^\\d{1,3}\\.\\d{2}$': 'percent',
};

const needsParens = (text: string) => / \| /.test(text) && !/^[{[]/.test(text);

/** One JSON Schema node as a compact TypeScript-like type; `indent` > -1 lays objects out on lines. */
function render(node: JsonSchema | boolean | undefined, indent: number): string {
  if (node === undefined || node === true) return 'unknown';
  if (node === false) return 'never';
  let text: string;
  if (node.$ref) text = node.$ref === '#' ? '(recursive)' : node.$ref.replace(/^#\/\$defs\//, '');
  else if (node.const !== undefined) text = literal(node.const);
  else if (node.enum) text = node.enum.map(literal).join(' | ');
  else if (node.anyOf || node.oneOf)
    text = [...new Set((node.anyOf ?? node.oneOf)!.map((member) => render(member, indent)))].join(' | ');
  else if (node.allOf) text = node.allOf.map((member) => render(member, indent)).join(' & ');
  else if (Array.isArray(node.type)) text = node.type.map((type) => render({ ...node, type }, indent)).join(' | ');
  else if (node.type === 'object' || node.properties) text = renderObject(node, indent);
  else if (node.type === 'array') {
    if (node.prefixItems) text = `[${node.prefixItems.map((item) => render(item, indent)).join(', ')}]`;
    else {
      const item = render(node.items, indent);
      text = withNote(`${needsParens(item) ? `(${item})` : item}[]`, range(node.minItems, node.maxItems, ' items'));
    }
  } else if (node.type) text = scalar(node.type, node);
  else text = 'unknown';
  return node.default !== undefined ? `${text} = ${literal(node.default)}` : text;
}

function renderObject(node: JsonSchema, indent: number): string {
  const properties = Object.entries(node.properties ?? {});
  if (properties.length === 0) {
    if (node.additionalProperties && node.additionalProperties !== true) {
      const keys = node.propertyNames ? render(node.propertyNames, -1) : 'string';
      return `Record<${keys}, ${render(node.additionalProperties, indent)}>`;
    }
    return node.additionalProperties === false ? '{}' : 'Record<string, unknown>';
  }
  const required = new Set(node.required ?? []);
  const fields = properties.map(
    ([name, value]) => `${name}${required.has(name) ? '' : '?'}: ${render(value, indent < 0 ? -1 : indent + 1)}`,
  );
  const oneLine = `{ ${fields.join('; ')} }`;
  if (indent < 0 || oneLine.length + indent * 2 <= 100) return oneLine;
  const pad = '  '.repeat(indent + 1);
  return `{\n${fields.map((field) => `${pad}${field};`).join('\n')}\n${'  '.repeat(indent)}}`;
}

export function jsonSchemaOf(schema: ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
}

/** A zod schema as one line: `{ id: uuid; notes: string | null }`. */
export const schemaLine = (schema: ZodType, io: 'input' | 'output') => render(jsonSchemaOf(schema, io), -1);

/** A zod schema laid out on lines (objects wider than 100 characters broken up), for a code block. */
export const schemaBlock = (schema: ZodType, io: 'input' | 'output') => render(jsonSchemaOf(schema, io), 0);

/** Each top-level field of an object schema with its type on one line (for a table). */
export function schemaFields(
  schema: ZodType,
  io: 'input' | 'output',
): Array<{ name: string; type: string; required: boolean }> {
  const json = jsonSchemaOf(schema, io);
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, value]) => ({
    name,
    type: render(value, -1),
    required: required.has(name),
  }));
}
