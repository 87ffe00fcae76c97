import * as contracts from '@shop/contracts';
import type { ZodType } from 'zod';
import { anchor, byText, code, table } from './markdown';
import { schemaFields } from './schema-text';
import type { SourceIndex } from './source-comments';

const exportNameOf = (schema: unknown): string | undefined =>
  Object.keys(contracts)
    .sort()
    .find((name) => (contracts as Record<string, unknown>)[name] === schema);

/** Which older versions parseEventData can read: each step needs an upcaster, probed without data. */
function upcastsOf(type: contracts.EventType, version: number): string {
  if (version === 1) return 'none (v1 only)';
  const steps: string[] = [];
  for (let from = 1; from < version; from++) {
    try {
      contracts.parseEventData(type, from, undefined);
      steps.push(`v${from} → v${from + 1}`);
    } catch (error) {
      steps.push(
        error instanceof contracts.UnknownEventError ? `v${from}: no upcaster (unreadable)` : `v${from} → v${from + 1}`,
      );
    }
  }
  return steps.join(', ');
}

function fieldTable(schema: ZodType, fieldDocs: ReadonlyMap<string, string>): string {
  const fields = schemaFields(schema, 'output');
  const noted = fields.some((field) => fieldDocs.has(field.name));
  const rows = fields.map((field) => [
    code(field.required ? field.name : `${field.name}?`),
    code(field.type),
    ...(noted ? [fieldDocs.get(field.name) ?? ''] : []),
  ]);
  return table(['Field', 'Type', ...(noted ? ['Note (from the schema)'] : [])], rows);
}

/** The generated part of docs/events.md: the catalogue, then each event's fields. */
export function renderEventCatalogue(sources: SourceIndex): string {
  const entries = Object.entries(contracts.EVENT_CATALOGUE).sort(([a], [b]) => byText(a, b)) as Array<
    [contracts.EventType, { version: number; schema: ZodType }]
  >;
  const describe = (schema: unknown) => {
    const name = exportNameOf(schema);
    const notes = name ? sources.constants.get(name) : undefined;
    return {
      name: name ?? '(unexported schema)',
      file: notes?.file ?? '',
      doc: notes?.doc ?? '',
      fields: notes?.fields ?? new Map(),
    };
  };
  const out: string[] = [];
  out.push(
    `${entries.length} event types in \`EVENT_CATALOGUE\`, by name. A stored event is read through \`parseEventData\`, ` +
      'which upcasts an older version step by step to the current one; types: `money` is a decimal string with 2 ' +
      'decimals (`"1500.00"`), `percent` one of up to 3 digits and 2 decimals (`"12.50"`), `?` marks a field that may be absent.',
  );
  out.push('');
  out.push(
    table(
      ['Event', 'Version', 'Upcasts', 'Schema'],
      entries.map(([type, entry]) => {
        const info = describe(entry.schema);
        return [
          `[${code(type)}](#${anchor('event', type)})`,
          `v${entry.version}`,
          upcastsOf(type, entry.version),
          `${code(info.name)} in ${code(info.file)}`,
        ];
      }),
    ),
  );
  const metadata = describe(contracts.eventMetadataSchema);
  out.push('', `### Metadata (every event)`, '');
  if (metadata.doc) out.push(metadata.doc, '');
  out.push(fieldTable(contracts.eventMetadataSchema, metadata.fields));
  for (const [type, entry] of entries) {
    const info = describe(entry.schema);
    out.push('', `<a id="${anchor('event', type)}"></a>`, '', `### ${type} v${entry.version}`, '');
    if (info.doc) out.push(info.doc, '');
    out.push(fieldTable(entry.schema, info.fields));
  }
  return out.join('\n');
}
