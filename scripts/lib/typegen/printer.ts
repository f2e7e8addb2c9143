// A small pretty-printer for TypeScript type literals that lays them out as Prettier does with
// `semi: false` (the formatting `supabase gen types typescript` output has): two-space indent,
// 80 columns, objects that must stay expanded always on several lines, the others on one line
// when they fit.

export type TypeNode =
  | {kind: 'text'; text: string}
  | {kind: 'object'; members: Member[]; expanded: boolean}
  | {kind: 'array'; items: TypeNode[]}
  | {kind: 'union'; options: TypeNode[]}
  | {kind: 'suffix'; node: TypeNode; suffix: string};

export interface Member {
  key: string;
  optional?: boolean;
  value: TypeNode;
}

const WIDTH = 80;
const INDENT = '  ';

export const text = (value: string): TypeNode => ({kind: 'text', text: value});
/** An object Prettier keeps on several lines (the template puts a line break after its `{`). */
export const block = (members: Member[]): TypeNode => ({kind: 'object', members, expanded: true});
/** An object on one line when it fits. */
export const inline = (members: Member[]): TypeNode => ({kind: 'object', members, expanded: false});
export const array = (items: TypeNode[]): TypeNode => ({kind: 'array', items});
export const union = (options: TypeNode[]): TypeNode => (options.length === 1 ? (options[0] as TypeNode) : {kind: 'union', options});
export const suffix = (node: TypeNode, end: string): TypeNode => ({kind: 'suffix', node, suffix: end});

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Property keys unquoted where they can be (Prettier's quoteProps "as-needed"); `[_ in …]` as is. */
export function propertyKey(key: string): string {
  return IDENTIFIER.test(key) || key.startsWith('[') ? key : JSON.stringify(key);
}

function memberHead(member: Member): string {
  return `${propertyKey(member.key)}${member.optional ? '?' : ''}: `;
}

/** The node on one line, or null when it cannot be (an expanded object inside). */
function flat(node: TypeNode): string | null {
  switch (node.kind) {
    case 'text':
      return node.text;
    case 'object': {
      if (node.expanded && node.members.length > 0) return null;
      if (node.members.length === 0) return '{}';
      const parts: string[] = [];
      for (const member of node.members) {
        const value = flat(member.value);
        if (value === null) return null;
        parts.push(`${memberHead(member)}${value}`);
      }
      return `{ ${parts.join('; ')} }`;
    }
    case 'array': {
      if (node.items.length === 0) return '[]';
      return null;
    }
    case 'union': {
      const parts = node.options.map(flat);
      return parts.every((p): p is string => p !== null) ? parts.join(' | ') : null;
    }
    case 'suffix': {
      const inner = flat(node.node);
      return inner === null ? null : `${inner}${node.suffix}`;
    }
  }
}

/**
 * The node laid out at `depth`, starting at column `column` (where the caller has already
 * written `prefix`). Returns the text to append after the prefix.
 */
function layout(node: TypeNode, depth: number, column: number): string {
  const one = flat(node);
  if (one !== null && column + one.length <= WIDTH) return one;
  const pad = INDENT.repeat(depth);
  const inner = INDENT.repeat(depth + 1);
  switch (node.kind) {
    case 'text':
      return node.text;
    case 'object':
      if (node.members.length === 0) return '{}';
      return `{\n${node.members.map((m) => member(m, depth + 1)).join('\n')}\n${pad}}`;
    case 'array':
      if (node.items.length === 0) return '[]';
      return `[\n${node.items.map((item) => `${inner}${layout(item, depth + 1, inner.length)},`).join('\n')}\n${pad}]`;
    case 'union':
      return node.options.map((option) => `\n${inner}| ${layout(option, depth + 2, inner.length + 2)}`).join('');
    case 'suffix':
      return `${layout(node.node, depth, column)}${node.suffix}`;
  }
}

function member(m: Member, depth: number): string {
  const head = `${INDENT.repeat(depth)}${memberHead(m)}`;
  const value = layout(m.value, depth, head.length);
  // A broken union starts on the next line: `key:` then `| …` lines.
  return value.startsWith('\n') ? `${head.trimEnd()}${value}` : `${head}${value}`;
}

/** `export type Name = <node>` as Prettier prints it. */
export function typeAlias(name: string, node: TypeNode): string {
  const head = `export type ${name} = `;
  const value = layout(node, 0, head.length);
  return value.startsWith('\n') ? `${head.trimEnd()}${value}\n` : `${head}${value}\n`;
}
