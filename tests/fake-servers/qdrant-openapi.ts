import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import Ajv, { type ValidateFunction } from "ajv";
import ts from "typescript";

/**
 * Qdrant's published OpenAPI schema, as the installed client ships it, turned into JSON Schema at
 * test time so the Qdrant stand-in can check every request the store sends (and every reply it
 * makes) against it.
 *
 * Why from TypeScript: no npm package carries a current `openapi.json` (`@qdrant/js-client-rest`
 * ships only `dist/types/openapi/generated_schema.d.ts`, which openapi-typescript generated from
 * Qdrant's `docs/redoc/master/openapi.json` of the same release: 1.19.0 here; the one npm package
 * with an `openapi.json`, `qdrant-client@0.0.1`, is from Qdrant 0.x). That file is a faithful,
 * mechanical rendering of the schema, so it is read back here:
 *  - `components["schemas"]["X"]` → `$ref`; object literals → objects with their required keys and
 *    no other keys (stricter than Qdrant, which ignores unknown keys: a misspelt field fails here
 *    instead of being silently dropped); `{ [key]: X }` / `Record<string, X>` → maps;
 *  - `Format: uint…` / `int…` doc comments → integers (≥ 0 for uint);
 *  - openapi-typescript renders OpenAPI 3.0's `anyOf: [X, { nullable: true }]` as
 *    `X | (Record<string, unknown> | null)`: read back as "X or null", which is what Qdrant means
 *    (its Rust types are `Option<X>`), not "any object".
 * Lost in the TypeScript rendering: numeric bounds (`minimum: 1`) and string formats.
 */

type Schema = Record<string, unknown>;

export interface Operation {
  name: string;
  method: string;
  /** OpenAPI path template, e.g. /collections/{collection_name}/points/query */
  path: string;
  body?: Schema;
  query?: Schema;
  response?: Schema;
}

const REF_BASE = "qdrant-openapi";

function schemaFile(): string {
  const entry = createRequire(import.meta.url).resolve("@qdrant/js-client-rest");
  // …/dist/cjs/index.js → …/dist/types/openapi/generated_schema.d.ts
  return join(dirname(dirname(entry)), "types", "openapi", "generated_schema.d.ts");
}

function propertyName(name: ts.PropertyName): string {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  throw new Error(`unexpected property name ${ts.SyntaxKind[name.kind]}`);
}

class Converter {
  constructor(private readonly source: ts.SourceFile) {}

  private format(node: ts.Node): string | undefined {
    const text = this.source.text;
    for (const range of ts.getLeadingCommentRanges(text, node.pos) ?? []) {
      const m = /Format: ([\w-]+)/.exec(text.slice(range.pos, range.end));
      if (m) return m[1];
    }
    return undefined;
  }

  private number(format?: string): Schema {
    if (format && /^u?int/.test(format))
      return format.startsWith("u") ? { type: "integer", minimum: 0 } : { type: "integer" };
    return { type: "number" };
  }

  private isLooseObject(node: ts.TypeNode): boolean {
    return (
      ts.isTypeReferenceNode(node) &&
      node.typeName.getText(this.source) === "Record" &&
      node.typeArguments?.[1]?.kind === ts.SyntaxKind.UnknownKeyword
    );
  }

  private flatten(node: ts.TypeNode): ts.TypeNode[] {
    if (ts.isParenthesizedTypeNode(node)) return this.flatten(node.type);
    if (ts.isUnionTypeNode(node)) return node.types.flatMap((t) => this.flatten(t));
    return [node];
  }

  convert(node: ts.TypeNode, format?: string): Schema {
    if (ts.isParenthesizedTypeNode(node)) return this.convert(node.type, format);
    if (ts.isUnionTypeNode(node)) {
      let members = this.flatten(node).filter((t) => t.kind !== ts.SyntaxKind.UndefinedKeyword);
      const isNull = (t: ts.TypeNode) => ts.isLiteralTypeNode(t) && t.literal.kind === ts.SyntaxKind.NullKeyword;
      if (members.some((t) => !isNull(t) && !this.isLooseObject(t)))
        members = members.filter((t) => !this.isLooseObject(t));
      const schemas = members.map((t) => this.convert(t, format));
      return schemas.length === 1 ? (schemas[0] as Schema) : { anyOf: schemas };
    }
    if (ts.isArrayTypeNode(node)) return { type: "array", items: this.convert(node.elementType, format) };
    if (ts.isTupleTypeNode(node)) {
      const items = node.elements.map((e) => this.convert(e as ts.TypeNode));
      return { type: "array", items, minItems: items.length, maxItems: items.length };
    }
    if (ts.isLiteralTypeNode(node)) {
      const lit = node.literal;
      if (lit.kind === ts.SyntaxKind.NullKeyword) return { type: "null" };
      if (lit.kind === ts.SyntaxKind.TrueKeyword) return { const: true };
      if (lit.kind === ts.SyntaxKind.FalseKeyword) return { const: false };
      if (ts.isStringLiteral(lit)) return { const: lit.text };
      if (ts.isNumericLiteral(lit)) return { const: Number(lit.text) };
      if (ts.isPrefixUnaryExpression(lit)) return { const: -Number((lit.operand as ts.NumericLiteral).text) };
    }
    if (ts.isTypeLiteralNode(node)) return this.object(node.members);
    if (ts.isIndexedAccessTypeNode(node)) {
      const m = /^components\["schemas"\]\["([^"]+)"\]$/.exec(node.getText(this.source));
      if (m) return { $ref: `${REF_BASE}#/definitions/${m[1]}` };
    }
    if (ts.isTypeReferenceNode(node)) {
      const name = node.typeName.getText(this.source);
      const args = node.typeArguments ?? [];
      if (name === "Record" && args[1]) {
        if (args[1].kind === ts.SyntaxKind.NeverKeyword) return { type: "object", maxProperties: 0 };
        return { type: "object", additionalProperties: this.convert(args[1]) };
      }
      if (name === "OneOf" && args[0] && ts.isTupleTypeNode(args[0])) {
        return { anyOf: args[0].elements.map((e) => this.convert(e as ts.TypeNode)) };
      }
    }
    switch (node.kind) {
      case ts.SyntaxKind.StringKeyword:
        return { type: "string" };
      case ts.SyntaxKind.NumberKeyword:
        return this.number(format);
      case ts.SyntaxKind.BooleanKeyword:
        return { type: "boolean" };
      case ts.SyntaxKind.UnknownKeyword:
      case ts.SyntaxKind.AnyKeyword:
        return {};
      case ts.SyntaxKind.NeverKeyword:
        return { not: {} };
    }
    throw new Error(
      `unsupported type at ${this.source.getLineAndCharacterOfPosition(node.pos).line + 1}: ${node.getText(this.source)}`,
    );
  }

  object(members: ts.NodeArray<ts.TypeElement>): Schema {
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    let additional: Schema | false = false;
    for (const member of members) {
      if (ts.isPropertySignature(member) && member.type) {
        const key = propertyName(member.name);
        properties[key] = this.convert(member.type, this.format(member));
        if (!member.questionToken) required.push(key);
      } else if (ts.isIndexSignatureDeclaration(member)) {
        additional = this.convert(member.type);
      }
    }
    return { type: "object", properties, ...(required.length ? { required } : {}), additionalProperties: additional };
  }
}

function members(node: ts.Node | undefined): Map<string, ts.PropertySignature> {
  const out = new Map<string, ts.PropertySignature>();
  const list = node && (ts.isInterfaceDeclaration(node) || ts.isTypeLiteralNode(node)) ? node.members : [];
  for (const m of list) if (ts.isPropertySignature(m)) out.set(propertyName(m.name), m);
  return out;
}

const child = (node: ts.PropertySignature | undefined, ...path: string[]): ts.PropertySignature | undefined => {
  let at = node;
  for (const key of path) at = at?.type ? members(at.type).get(key) : undefined;
  return at;
};

export interface QdrantOpenApi {
  operations: Operation[];
  /** The operation a request addresses (path without the store's prefix), or undefined. */
  match(method: string, path: string): { operation: Operation; params: Record<string, string> } | undefined;
  validate(schema: Schema | undefined, value: unknown, coerce?: boolean): string[];
}

let loaded: QdrantOpenApi | undefined;

export function loadQdrantOpenApi(): QdrantOpenApi {
  if (loaded) return loaded;
  const file = schemaFile();
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const top = new Map<string, ts.InterfaceDeclaration>();
  for (const s of source.statements) if (ts.isInterfaceDeclaration(s)) top.set(s.name.text, s);
  const converter = new Converter(source);

  const definitions: Record<string, Schema> = {};
  const schemas = members(top.get("components")).get("schemas");
  for (const [name, prop] of members(schemas?.type)) if (prop.type) definitions[name] = converter.convert(prop.type);

  const ops = members(top.get("operations"));
  const operations: Operation[] = [];
  for (const [path, item] of members(top.get("paths"))) {
    for (const [method, ref] of members(item.type)) {
      const name = /operations\["([^"]+)"\]/.exec(ref.type?.getText(source) ?? "")?.[1];
      const op = name ? ops.get(name) : undefined;
      if (!name || !op) continue;
      const body = child(op, "requestBody", "content", "application/json");
      const query = child(op, "parameters", "query");
      const response = child(op, "responses", "200", "content", "application/json");
      operations.push({
        name,
        method: method.toUpperCase(),
        path,
        body: body?.type && converter.convert(body.type),
        query: query?.type && converter.convert(query.type),
        response: response?.type && converter.convert(response.type),
      });
    }
  }

  const ajv = new Ajv({ strict: false, allErrors: true });
  const coercing = new Ajv({ strict: false, allErrors: true, coerceTypes: true });
  for (const a of [ajv, coercing]) a.addSchema({ $id: REF_BASE, definitions });
  const compiled = new WeakMap<Schema, ValidateFunction>();
  const compiledCoercing = new WeakMap<Schema, ValidateFunction>();

  const patterns = operations.map((operation) => {
    const keys: string[] = [];
    const regex = new RegExp(
      `^${operation.path.replace(/\{([^}]+)\}/g, (_, key: string) => {
        keys.push(key);
        return "([^/]+)";
      })}$`,
    );
    return { operation, regex, keys };
  });

  loaded = {
    operations,
    match(method, path) {
      for (const { operation, regex, keys } of patterns) {
        if (operation.method !== method) continue;
        const m = regex.exec(path);
        if (!m) continue;
        const params = Object.fromEntries(keys.map((k, i) => [k, decodeURIComponent(m[i + 1] ?? "")]));
        return { operation, params };
      }
      return undefined;
    },
    validate(schema, value, coerce = false) {
      if (!schema) return [];
      const cache = coerce ? compiledCoercing : compiled;
      let fn = cache.get(schema);
      if (!fn) {
        fn = (coerce ? coercing : ajv).compile(schema);
        cache.set(schema, fn);
      }
      if (fn(value)) return [];
      return (fn.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? ""} ${JSON.stringify(e.params)}`);
    },
  };
  return loaded;
}
