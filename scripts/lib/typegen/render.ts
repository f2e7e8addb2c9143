// The introspected schema as the TypeScript module `supabase gen types typescript` writes
// (postgres-meta's typegen): `Json`, `Database` with `__InternalSupabase` and one entry per schema
// (Tables with Row/Insert/Update/Relationships, Views, Functions with Args/Returns, Enums,
// CompositeTypes), then the helper types and `Constants`. Same names, same order (sorted by
// name), same type mapping, same layout, so the file reads like the CLI's output.
import type {ColumnInfo, FunctionInfo, RelationInfo, SchemaInfo} from './introspect';
import {array, block, inline, suffix, text, typeAlias, union, type Member, type TypeNode} from './printer';

const NUMBER_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric']);
const STRING_TYPES = new Set(['bytea', 'bpchar', 'varchar', 'date', 'text', 'citext', 'time', 'timetz', 'timestamp', 'timestamptz', 'uuid', 'vector']);

const byName = <T extends {name: string}>(a: T, b: T) => a.name.localeCompare(b.name, 'en');
const ref = (...path: string[]) => path.map((p, i) => (i === 0 ? p : `[${JSON.stringify(p)}]`)).join('');

/** A Postgres type name as TypeScript (postgres-meta's pgTypeToTsType). */
function tsType(schema: SchemaInfo, type: string): string {
  if (type === 'bool') return 'boolean';
  if (NUMBER_TYPES.has(type)) return 'number';
  if (STRING_TYPES.has(type)) return 'string';
  if (type === 'json' || type === 'jsonb') return 'Json';
  if (type === 'void') return 'undefined';
  if (type === 'record') return 'Record<string, unknown>';
  if (type.startsWith('_')) {
    const element = tsType(schema, type.slice(1));
    return /[ |&]/.test(element) ? `(${element})[]` : `${element}[]`;
  }
  const db = ref('Database', schema.name);
  if (schema.enums.some((e) => e.name === type)) return `${db}["Enums"]${ref('', type)}`;
  if (schema.compositeTypes.some((c) => c.name === type)) return `${db}["CompositeTypes"]${ref('', type)}`;
  const relation = schema.relations.find((r) => r.name === type);
  if (relation) return `${db}["${relation.kind === 'table' ? 'Tables' : 'Views'}"]${ref('', type)}["Row"]`;
  return 'unknown';
}

const nullable = (type: string, isNullable: boolean) => text(isNullable ? `${type} | null` : type);

function rowType(schema: SchemaInfo, columns: ColumnInfo[], extra: Member[] = []): TypeNode {
  return block([...columns.map((c) => ({key: c.name, value: nullable(tsType(schema, c.type), c.nullable)})), ...extra]);
}

function writeType(schema: SchemaInfo, columns: ColumnInfo[], insert: boolean): TypeNode {
  return block(
    columns.map((c): Member => {
      if (c.identity === 'ALWAYS') return {key: c.name, optional: true, value: text('never')};
      const optional = !insert || c.nullable || c.identity !== null || c.hasDefault;
      return {key: c.name, optional, value: nullable(tsType(schema, c.type), c.nullable)};
    }),
  );
}

function viewWriteType(schema: SchemaInfo, columns: ColumnInfo[]): TypeNode {
  return block(columns.map((c) => ({key: c.name, optional: true, value: text(c.updatable ? `${tsType(schema, c.type)} | null` : 'never')})));
}

function relationships(schema: SchemaInfo, relation: RelationInfo): TypeNode {
  const keys = schema.foreignKeys
    .filter((fk) => fk.table === relation.name)
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.referencedTable.localeCompare(b.referencedTable, 'en'));
  return array(
    keys.map((fk) =>
      block([
        {key: 'foreignKeyName', value: text(JSON.stringify(fk.name))},
        {key: 'columns', value: text(JSON.stringify(fk.columns).replace(/,/g, ', '))},
        {key: 'isOneToOne', value: text(String(fk.oneToOne))},
        {key: 'referencedRelation', value: text(JSON.stringify(fk.referencedTable))},
        {key: 'referencedColumns', value: text(JSON.stringify(fk.referencedColumns).replace(/,/g, ', '))},
      ]),
    ),
  );
}

/** Functions PostgREST can call with named arguments: all inputs named, or a single unnamed one. */
function callable(fn: FunctionInfo): boolean {
  const inputs = fn.args.filter((a) => a.mode === 'in' || a.mode === 'inout' || a.mode === 'variadic');
  return !inputs.some((a) => a.name === '') || inputs.length === 1;
}

/** A function whose only argument is a relation's row: a computed column of that relation. */
function computedColumns(schema: SchemaInfo, relation: RelationInfo): Member[] {
  return schema.functions
    .filter((fn) => callable(fn) && fn.args.length === 1 && fn.args[0]?.type === relation.name)
    .sort(byName)
    .map((fn) => ({key: fn.name, value: text(`${tsType(schema, fn.returnType)} | null`)}));
}

function tables(schema: SchemaInfo): TypeNode {
  const list = schema.relations.filter((r) => r.kind === 'table').sort(byName);
  if (list.length === 0) return block([{key: '[_ in never]', value: text('never')}]);
  return block(
    list.map((table) => ({
      key: table.name,
      value: block([
        {key: 'Row', value: rowType(schema, sortedColumns(table), computedColumns(schema, table))},
        {key: 'Insert', value: writeType(schema, sortedColumns(table), true)},
        {key: 'Update', value: writeType(schema, sortedColumns(table), false)},
        {key: 'Relationships', value: relationships(schema, table)},
      ]),
    })),
  );
}

function views(schema: SchemaInfo): TypeNode {
  const list = schema.relations.filter((r) => r.kind === 'view').sort(byName);
  if (list.length === 0) return block([{key: '[_ in never]', value: text('never')}]);
  return block(
    list.map((view) => {
      const columns = sortedColumns(view);
      const members: Member[] = [{key: 'Row', value: rowType(schema, columns)}];
      if (view.updatable) members.push({key: 'Insert', value: viewWriteType(schema, columns)}, {key: 'Update', value: viewWriteType(schema, columns)});
      members.push({key: 'Relationships', value: relationships(schema, view)});
      return {key: view.name, value: block(members)};
    }),
  );
}

const sortedColumns = (relation: RelationInfo) => [...relation.columns].sort(byName);

function args(schema: SchemaInfo, fn: FunctionInfo): TypeNode {
  const inputs = fn.args.filter((a) => a.mode === 'in');
  if (inputs.length === 0) return text('never');
  return inline([...inputs].sort(byName).map((a) => ({key: a.name, optional: a.hasDefault, value: text(tsType(schema, a.type))})));
}

function returns(schema: SchemaInfo, fn: FunctionInfo): {type: TypeNode; setof: TypeNode | null} {
  const many = (node: TypeNode) => (fn.returnsSet ? suffix(node, '[]') : node);
  const table = fn.args.filter((a) => a.mode === 'table');
  if (table.length > 0) return {type: many(block(table.map((a) => ({key: a.name, value: text(tsType(schema, a.type))})))), setof: null};

  const relation = schema.relations.find((r) => r.name === fn.returnRelation);
  const composite = schema.compositeTypes.some((c) => c.name === fn.returnRelation);
  if (fn.returnRelation && (relation || composite)) {
    const from = fn.args.length === 1 && fn.args[0] ? fn.args[0].type : '*';
    const setof = block([
      {key: 'from', value: text(JSON.stringify(schema.relations.some((r) => r.name === from) || schema.compositeTypes.some((c) => c.name === from) ? from : '*'))},
      {key: 'to', value: text(JSON.stringify(fn.returnRelation))},
      {key: 'isOneToOne', value: text(String(!fn.returnsSet))},
      {key: 'isSetofReturn', value: text(String(fn.returnsSet))},
    ]);
    return {type: many(relation ? rowType(schema, sortedColumns(relation)) : text(tsType(schema, fn.returnRelation))), setof};
  }
  return {type: many(text(tsType(schema, fn.returnType))), setof: null};
}

function functionType(schema: SchemaInfo, fn: FunctionInfo): TypeNode {
  const {type, setof} = returns(schema, fn);
  const members: Member[] = [
    {key: 'Args', value: args(schema, fn)},
    {key: 'Returns', value: type},
  ];
  if (setof) members.push({key: 'SetofOptions', value: setof});
  return inline(members);
}

function functions(schema: SchemaInfo): TypeNode {
  const list = schema.functions.filter(callable).sort(byName);
  if (list.length === 0) return block([{key: '[_ in never]', value: text('never')}]);
  const names = [...new Set(list.map((fn) => fn.name))];
  return block(names.map((name) => ({key: name, value: union(list.filter((fn) => fn.name === name).map((fn) => functionType(schema, fn)))})));
}

function enums(schema: SchemaInfo): TypeNode {
  if (schema.enums.length === 0) return block([{key: '[_ in never]', value: text('never')}]);
  return block([...schema.enums].sort(byName).map((e) => ({key: e.name, value: union(e.values.map((v) => text(JSON.stringify(v))))})));
}

function compositeTypes(schema: SchemaInfo): TypeNode {
  if (schema.compositeTypes.length === 0) return block([{key: '[_ in never]', value: text('never')}]);
  return block(
    [...schema.compositeTypes]
      .sort(byName)
      .map((c) => ({key: c.name, value: block(c.attributes.map((a) => ({key: a.name, value: text(`${tsType(schema, a.type)} | null`)})))})),
  );
}

const JSON_TYPE = union(['string', 'number', 'boolean', 'null', '{ [key: string]: Json | undefined }', 'Json[]'].map(text));

/** TablesInsert and TablesUpdate: the CLI writes the same helper for each write shape of a table. */
const tablesWriteHelper = (member: 'Insert' | 'Update', variable: string) => `export type Tables${member}<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      ${member}: infer ${variable}
    }
    ? ${variable}
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        ${member}: infer ${variable}
      }
      ? ${variable}
      : never
    : never
`;

// The helper types after `Database`, as the CLI writes them (they do not depend on the schema).
const HELPERS = `type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

${tablesWriteHelper('Insert', 'I')}
${tablesWriteHelper('Update', 'U')}
export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never
`;

function constants(schemas: SchemaInfo[]): string {
  const lines = ['export const Constants = {'];
  for (const schema of [...schemas].sort(byName)) {
    lines.push(`  ${schema.name}: {`);
    if (schema.enums.length === 0) lines.push('    Enums: {},');
    else {
      lines.push('    Enums: {');
      for (const e of [...schema.enums].sort(byName)) {
        const values = e.values.map((v) => JSON.stringify(v));
        const one = `      ${e.name}: [${values.join(', ')}],`;
        if (one.length <= 80) lines.push(one);
        else lines.push(`      ${e.name}: [`, ...values.map((v) => `        ${v},`), '      ],');
      }
      lines.push('    },');
    }
    lines.push('  },');
  }
  lines.push('} as const');
  return `${lines.join('\n')}\n`;
}

/** The whole module for the given schemas, served by a PostgREST of `postgrestVersion`. */
export function renderTypes(schemas: SchemaInfo[], postgrestVersion: string): string {
  const database: Member[] = schemas
    .slice()
    .sort(byName)
    .map((schema) => ({
      key: schema.name,
      value: block([
        {key: 'Tables', value: tables(schema)},
        {key: 'Views', value: views(schema)},
        {key: 'Functions', value: functions(schema)},
        {key: 'Enums', value: enums(schema)},
        {key: 'CompositeTypes', value: compositeTypes(schema)},
      ]),
    }));
  const body = typeAlias('Database', block(database)).replace(
    'export type Database = {\n',
    [
      'export type Database = {',
      '  // Allows to automatically instantiate createClient with right options',
      "  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)",
      '  __InternalSupabase: {',
      `    PostgrestVersion: ${JSON.stringify(postgrestVersion)}`,
      '  }',
      '',
    ].join('\n'),
  );
  return [typeAlias('Json', JSON_TYPE), body, HELPERS, constants(schemas)].join('\n');
}
