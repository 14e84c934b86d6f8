import path from 'node:path';
import ts from 'typescript';

/**
 * The checks behind test/architecture.test.ts (DESIGN section 5, T1). They read source text, never
 * run it: each takes (path, text) pairs so a test can feed them a synthetic file and see them fail.
 * Paths are relative to apps/server/src with forward slashes, e.g. `modules/org/org-admin.repo.ts`.
 */

export interface SourceFile {
  path: string;
  text: string;
}

export interface Finding {
  rule: 'module-repository' | 'platform-imports-module' | 'tenancy-bypass';
  path: string;
  line: number;
  /** What was found: the import specifier, or the query and its table. */
  detail: string;
  /** For tenancy findings: `path#function:table`, the key the allow-list names. */
  key?: string;
}

export function formatFinding(finding: Finding): string {
  return `${finding.rule} ${finding.path}:${finding.line} ${finding.detail}`;
}

function parse(file: SourceFile): ts.SourceFile {
  return ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true, file.path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

function lineOf(source: ts.SourceFile, node: ts.Node): number {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}

export interface ImportSpecifier {
  specifier: string;
  line: number;
}

/** Every module a file names: static imports and re-exports (types too), dynamic import() and import('x').T types. */
export function importSpecifiers(file: SourceFile): ImportSpecifier[] {
  const source = parse(file);
  const found: ImportSpecifier[] = [];
  const add = (literal: ts.Node | undefined) => {
    if (literal && ts.isStringLiteralLike(literal)) found.push({ specifier: literal.text, line: lineOf(source, literal) });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0]);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) add(node.moduleReference.expression);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** modules/<name>/... -> name; anything else -> null. */
function moduleOf(relativePath: string): string | null {
  const match = /^modules\/([^/]+)\//.exec(relativePath);
  return match?.[1] ?? null;
}

/**
 * DESIGN section 5: no module reaches into another module's repository (it asks that module's
 * service), and the platform knows no module (modules build on the platform, never the reverse).
 */
export function findBoundaryViolations(files: readonly SourceFile[]): Finding[] {
  const findings: Finding[] = [];
  for (const file of files) {
    const ownModule = moduleOf(file.path);
    const inPlatform = file.path.startsWith('platform/');
    if (!ownModule && !inPlatform) continue;
    for (const { specifier, line } of importSpecifiers(file)) {
      // Only relative specifiers can point into src; packages (@storelens/contracts, kysely) cannot.
      if (!specifier.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file.path), specifier));
      const targetModule = moduleOf(target);
      if (inPlatform && target.startsWith('modules/'))
        findings.push({ rule: 'platform-imports-module', path: file.path, line, detail: `imports ${specifier}` });
      if (ownModule && targetModule && targetModule !== ownModule && /\.repo(\.ts)?$/.test(target))
        findings.push({ rule: 'module-repository', path: file.path, line, detail: `imports ${specifier} (module ${targetModule}'s repository)` });
    }
  }
  return findings;
}

export interface SchemaTables {
  /** Tables whose rows all belong to one customer: `customer_id: string`. */
  tenant: Set<string>;
  /** Tables with a nullable customer_id: rows that may belong to no customer (platform tables). */
  optionalCustomer: Set<string>;
  /** The members of the `TenantTable` union, which tenantScope accepts. */
  tenantTableUnion: Set<string>;
}

/**
 * Reads platform/db/schema.ts: the tables of the `Database` interface and whether each row type has
 * a customer_id, following interfaces (with `extends`), type literals, intersections and aliases.
 */
export function schemaTables(schema: SourceFile): SchemaTables {
  const source = parse(schema);
  const declarations = new Map<string, ts.InterfaceDeclaration | ts.TypeAliasDeclaration>();
  for (const statement of source.statements)
    if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) declarations.set(statement.name.text, statement);

  /** The type of the row's customer_id: 'required', 'nullable' or undefined when it has none. */
  const customerColumn = (node: ts.Node | undefined, seen: Set<string>): 'required' | 'nullable' | undefined => {
    if (!node) return undefined;
    if (ts.isTypeReferenceNode(node) || ts.isExpressionWithTypeArguments(node)) {
      const name = ts.isTypeReferenceNode(node) ? node.typeName.getText(source) : node.expression.getText(source);
      if (seen.has(name)) return undefined;
      seen.add(name);
      return customerColumn(declarations.get(name), seen);
    }
    if (ts.isTypeAliasDeclaration(node)) return customerColumn(node.type, seen);
    if (ts.isIntersectionTypeNode(node)) {
      for (const part of node.types) {
        const found = customerColumn(part, seen);
        if (found) return found;
      }
      return undefined;
    }
    if (ts.isInterfaceDeclaration(node) || ts.isTypeLiteralNode(node)) {
      for (const member of node.members)
        if (ts.isPropertySignature(member) && member.name.getText(source) === 'customer_id') {
          const nullable = member.questionToken !== undefined || /\bnull\b|\bundefined\b/.test(member.type?.getText(source) ?? '');
          return nullable ? 'nullable' : 'required';
        }
      if (ts.isInterfaceDeclaration(node))
        for (const clause of node.heritageClauses ?? [])
          for (const base of clause.types) {
            const found = customerColumn(base, seen);
            if (found) return found;
          }
    }
    return undefined;
  };

  const database = declarations.get('Database');
  if (!database || !ts.isInterfaceDeclaration(database)) throw new Error('schema.ts has no interface Database');
  const tenant = new Set<string>();
  const optionalCustomer = new Set<string>();
  for (const member of database.members) {
    if (!ts.isPropertySignature(member)) continue;
    const table = member.name.getText(source);
    const column = customerColumn(member.type, new Set());
    if (column === 'required') tenant.add(table);
    if (column === 'nullable') optionalCustomer.add(table);
  }

  const union = declarations.get('TenantTable');
  const tenantTableUnion = new Set<string>();
  if (union && ts.isTypeAliasDeclaration(union)) {
    const members = ts.isUnionTypeNode(union.type) ? union.type.types : [union.type];
    for (const member of members) if (ts.isLiteralTypeNode(member) && ts.isStringLiteral(member.literal)) tenantTableUnion.add(member.literal.text);
  }
  return { tenant, optionalCustomer, tenantTableUnion };
}

/** Kysely calls that start a query on a table, and the joins that add one. */
const QUERY_STARTS = new Set(['selectFrom', 'updateTable', 'deleteFrom', 'insertInto', 'replaceInto', 'mergeInto']);
const JOINS = new Set(['innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'crossJoin', 'innerJoinLateral', 'leftJoinLateral', 'using']);
/** Table names in SQL written by hand (strings and sql`` templates). */
const RAW_SQL_TABLE = /\b(?:from|join|into|update)\s+["`]?([a-z_][a-z0-9_]*)/gi;

/** The function a node sits in, by the name a reader would search for: `sharedAccounts`, `findDeviceByToken`. */
function enclosingName(node: ts.Node, source: ts.SourceFile): string {
  for (let current = node.parent; current; current = current.parent) {
    if ((ts.isFunctionDeclaration(current) || ts.isMethodDeclaration(current)) && current.name) return current.name.getText(source);
    if ((ts.isPropertyAssignment(current) || ts.isVariableDeclaration(current)) && current.initializer && ts.isFunctionLike(current.initializer))
      return current.name.getText(source);
  }
  return '(top level)';
}

type Declaration = ts.ParameterDeclaration | ts.VariableDeclaration;

/**
 * The parameter or variable an identifier refers to: the nearest one of that name in the enclosing
 * functions and blocks (a name in another function of the file does not count).
 */
function declarationOf(identifier: ts.Identifier): Declaration | undefined {
  const named = (declaration: Declaration) => ts.isIdentifier(declaration.name) && declaration.name.text === identifier.text;
  for (let current: ts.Node | undefined = identifier.parent; current; current = current.parent) {
    if (ts.isFunctionLike(current)) {
      const parameter = current.parameters.find(named);
      if (parameter) return parameter;
    }
    if (ts.isBlock(current) || ts.isSourceFile(current))
      for (const statement of current.statements)
        if (ts.isVariableStatement(statement)) {
          const variable = statement.declarationList.declarations.find(named);
          if (variable) return variable;
        }
  }
  return undefined;
}

/** A tenant scope: `tenantScope(...)` itself, or a name declared as a TenantScope or assigned one. */
function isScoped(receiver: ts.Expression, source: ts.SourceFile): boolean {
  if (isTenantScopeCall(receiver, source)) return true;
  if (!ts.isIdentifier(receiver)) return false;
  const declaration = declarationOf(receiver);
  return Boolean(
    declaration && (declaration.type?.getText(source) === 'TenantScope' || (declaration.initializer && isTenantScopeCall(declaration.initializer, source))),
  );
}

function isTenantScopeCall(node: ts.Node, source: ts.SourceFile): boolean {
  return ts.isCallExpression(node) && node.expression.getText(source) === 'tenantScope';
}

/**
 * The tables a query's first argument names: `'shops'`, `'shops as s'`, `x as 'shops'`, or an
 * identifier declared in the file with a literal type or value. `subquery` when it is a derived
 * table (the query inside is checked where it is built); `unknown` when it cannot be told here.
 */
function tablesNamed(argument: ts.Expression | undefined): string[] | 'subquery' | 'unknown' {
  if (!argument) return 'unknown';
  if (ts.isStringLiteralLike(argument)) return [argument.text.split(/\s+as\s+/i)[0] ?? argument.text];
  if (ts.isAsExpression(argument)) {
    const literals = literalTypes(argument.type);
    return literals.length > 0 ? literals : 'unknown';
  }
  if (ts.isArrowFunction(argument) || ts.isCallExpression(argument)) return 'subquery';
  if (ts.isIdentifier(argument)) {
    const declaration = declarationOf(argument);
    if (declaration?.type && literalTypes(declaration.type).length > 0) return literalTypes(declaration.type);
    if (declaration?.initializer && ts.isStringLiteralLike(declaration.initializer)) return [declaration.initializer.text];
    if (declaration?.initializer && ts.isCallExpression(declaration.initializer)) return 'subquery';
  }
  return 'unknown';
}

function literalTypes(type: ts.TypeNode): string[] {
  const parts = ts.isUnionTypeNode(type) ? type.types : [type];
  const literals: string[] = [];
  for (const part of parts) if (ts.isLiteralTypeNode(part) && ts.isStringLiteral(part.literal)) literals.push(part.literal.text);
  return literals.length === parts.length ? literals : [];
}

/** Walks down a method chain (`x.selectFrom(..).innerJoin(..)`) to the call that started the query. */
function queryStartOf(node: ts.Expression): ts.CallExpression | null {
  let current: ts.Expression = node;
  while (ts.isCallExpression(current) && ts.isPropertyAccessExpression(current.expression)) {
    if (QUERY_STARTS.has(current.expression.name.text)) return current;
    current = current.expression.expression;
  }
  return null;
}

/**
 * DESIGN T1: in a repository, every query on a tenant table starts from a tenant scope. Finds
 * queries and joins on tenant tables whose query starts on anything else (`db`, `trx`, `scope.db`,
 * an expression builder), and hand-written SQL that names a tenant table.
 */
export function findTenancyBypasses(file: SourceFile, tenantTables: ReadonlySet<string>): Finding[] {
  const source = parse(file);
  const findings: Finding[] = [];
  const report = (node: ts.Node, table: string, detail: string) =>
    findings.push({ rule: 'tenancy-bypass', path: file.path, line: lineOf(source, node), detail, key: `${file.path}#${enclosingName(node, source)}:${table}` });

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const start = QUERY_STARTS.has(method) ? node : JOINS.has(method) ? queryStartOf(node.expression.expression) : null;
      // A join whose query starts in a variable (`query = query.innerJoin(...)`) is judged where that query starts.
      if (start && ts.isPropertyAccessExpression(start.expression)) {
        const receiver = start.expression.expression;
        if (!isScoped(receiver, source)) {
          const named = tablesNamed(node.arguments[0]);
          // Reported at the method name, so a join deep in a chain gets its own line.
          const at = node.expression.name;
          const call = `${receiver.getText(source).replace(/\s+/g, ' ')}${start === node ? '' : '…'}.${method}`;
          if (named === 'unknown') report(at, '?', `${call}(${node.arguments[0]?.getText(source) ?? ''}): table not known here, on an unscoped query`);
          else if (named !== 'subquery')
            for (const table of named.filter((name) => tenantTables.has(name))) report(at, table, `${call}('${table}') outside tenantScope`);
        }
      }
    }
    if (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node)) {
      const text = ts.isTemplateExpression(node) ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ') : node.text;
      for (const match of text.matchAll(RAW_SQL_TABLE)) {
        const table = match[1]?.toLowerCase() ?? '';
        if (tenantTables.has(table)) report(node, table, `hand-written SQL names ${table}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}
