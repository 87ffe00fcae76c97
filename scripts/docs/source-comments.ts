import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const REPO_ROOT = join(__dirname, '..', '..');

/** The TypeScript sources of every workspace (their src/ folders), tests and specs left out, sorted. */
export function workspaceSources(): string[] {
  const { workspaces } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (name === 'node_modules' || name === 'dist') continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.ts') && !name.endsWith('.spec.ts') && !name.endsWith('.d.ts')) files.push(path);
    }
  };
  for (const workspace of workspaces) {
    const src = join(REPO_ROOT, workspace, 'src');
    if (statSync(src, { throwIfNoEntry: false })?.isDirectory()) walk(src);
  }
  return files;
}

export const repoPath = (file: string) => relative(REPO_ROOT, file).split('\\').join('/');

/** The JSDoc text above a declaration, on one line. */
function jsDocOf(node: ts.Node): string {
  const docs = (node as { jsDoc?: ts.JSDoc[] }).jsDoc ?? [];
  return docs
    .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface DeclarationNotes {
  readonly file: string;
  readonly doc: string;
  /** Field name → its JSDoc, for a `z.object({ ... })` declaration. */
  readonly fields: ReadonlyMap<string, string>;
}

export interface HandlerNotes {
  readonly file: string;
  readonly doc: string;
  /** The declared return type without Promise<…>, e.g. `OnlineOrder`. */
  readonly returns: string;
}

export interface SourceIndex {
  /** `export const name = …` in any workspace, by name. */
  readonly constants: ReadonlyMap<string, DeclarationNotes>;
  /** `export type Name = z.infer|output|input<typeof schema>`: type name → schema name and io. */
  readonly schemaTypes: ReadonlyMap<string, { schema: string; io: 'input' | 'output' }>;
  /** `Controller.method` → its notes. */
  readonly handlers: ReadonlyMap<string, HandlerNotes>;
}

function objectFieldDocs(initializer: ts.Expression | undefined): Map<string, string> {
  const fields = new Map<string, string>();
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) {
      for (const property of node.properties) {
        const doc = jsDocOf(property);
        if (doc && property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)))
          fields.set(property.name.text, doc);
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  if (initializer) visit(initializer);
  return fields;
}

const unwrapPromise = (text: string) =>
  text
    .replace(/^Promise<([\s\S]*)>$/, '$1')
    .replace(/\s+/g, ' ')
    .trim();

/** Reads the sources once (syntax only, no type checking: fast). */
export function indexSources(files: readonly string[] = workspaceSources()): SourceIndex {
  const constants = new Map<string, DeclarationNotes>();
  const schemaTypes = new Map<string, { schema: string; io: 'input' | 'output' }>();
  const handlers = new Map<string, HandlerNotes>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
    for (const statement of source.statements) {
      const exported = ts.getCombinedModifierFlags(statement as unknown as ts.Declaration) & ts.ModifierFlags.Export;
      if (ts.isVariableStatement(statement) && exported) {
        for (const declaration of statement.declarationList.declarations) {
          // The first workspace wins a shared name: contracts come first, and the docs quote their schemas.
          if (!ts.isIdentifier(declaration.name) || constants.has(declaration.name.text)) continue;
          constants.set(declaration.name.text, {
            file: repoPath(file),
            doc: jsDocOf(statement),
            fields: objectFieldDocs(declaration.initializer),
          });
        }
      }
      if (ts.isTypeAliasDeclaration(statement) && exported) {
        const match = /^z\.(infer|output|input)<typeof (\w+)>$/.exec(
          statement.type.getText(source).replace(/\s+/g, ' '),
        );
        if (match && !schemaTypes.has(statement.name.text))
          schemaTypes.set(statement.name.text, { schema: match[2]!, io: match[1] === 'input' ? 'input' : 'output' });
      }
      if (ts.isClassDeclaration(statement) && statement.name && text.includes('@Controller(')) {
        for (const member of statement.members) {
          if (!ts.isMethodDeclaration(member) || !member.name || !ts.isIdentifier(member.name)) continue;
          handlers.set(`${statement.name.text}.${member.name.text}`, {
            file: repoPath(file),
            doc: jsDocOf(member),
            returns: member.type ? unwrapPromise(member.type.getText(source)) : '',
          });
        }
      }
    }
  }
  return { constants, schemaTypes, handlers };
}
