// The subset of Go's html/template that supabase/templates/**/*.html use, so local-supabase's auth
// mailer renders the same files hosted GoTrue renders, and the send-mail function renders the
// transactional ones with the same rules (here in shared/ because both load it): `{{ .Name }}` and
// `{{ .Data.key }}` output, and `{{ if .X }}…{{ else }}…{{ end }}`. Anything else is refused when the file is parsed (at start),
// with the file and line, instead of rendering differently from production.
//
// Escaping follows html/template's contexts as far as these files need them: text and quoted
// attribute values get its HTML escaper; a value that starts an href/src attribute is a URL: a
// scheme other than http(s)/mailto becomes "#ZgotmplZ", and characters outside RFC 3986 are
// percent-encoded before the attribute escaping.

export type TemplateData = Record<string, unknown>;

type Node =
  | {kind: 'text'; text: string}
  | {kind: 'value'; path: string[]; context: 'html' | 'url-start' | 'url'}
  | {kind: 'if'; path: string[]; then: Node[]; otherwise: Node[]};

export class TemplateError extends Error {}

const ACTION = /\{\{(.*?)\}\}/gs;
const FIELD = /^\.[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

// html/template's htmlReplacementTable (text and attribute values alike).
const HTML_ESCAPES: Record<string, string> = {'\0': '\uFFFD', '"': '&#34;', '&': '&amp;', "'": '&#39;', '+': '&#43;', '<': '&lt;', '>': '&gt;'};

export function escapeHtml(value: string): string {
  return value.replace(/[\0"&'+<>]/g, (c) => HTML_ESCAPES[c] as string);
}

/** html/template's urlNormalizer: keeps RFC 3986 reserved and unreserved characters and `%`. */
function normalizeUrl(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~!#$&*+,/:;=?@[\]%]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function safeUrlStart(value: string): string {
  const scheme = /^([^:/?#]*):/.exec(value)?.[1];
  return scheme === undefined || ['http', 'https', 'mailto'].includes(scheme.toLowerCase()) ? value : '#ZgotmplZ';
}

/** Where an action sits: inside a quoted href/src value (and whether it starts it), or elsewhere. */
function contextAt(before: string): 'html' | 'url-start' | 'url' {
  const tagStart = before.lastIndexOf('<');
  if (tagStart < 0 || before.lastIndexOf('>') > tagStart) return 'html';
  const inUrl = /\s(?:href|src)\s*=\s*"([^"]*)$/i.exec(before.slice(tagStart));
  if (!inUrl) return 'html';
  return inUrl[1] === '' ? 'url-start' : 'url';
}

function lineOf(source: string, index: number): number {
  return source.slice(0, index).split('\n').length;
}

/** Parses a template; throws TemplateError naming `file:line` for a construct outside the subset. */
export function parseTemplate(source: string, file: string): Node[] {
  const root: Node[] = [];
  // The innermost open `if`, with which branch is being filled.
  const stack: {node: Extract<Node, {kind: 'if'}>; inElse: boolean; line: number}[] = [];
  const target = (): Node[] => {
    const top = stack[stack.length - 1];
    return top ? (top.inElse ? top.node.otherwise : top.node.then) : root;
  };
  let last = 0;
  for (const match of source.matchAll(ACTION)) {
    const at = match.index;
    if (at > last) target().push({kind: 'text', text: source.slice(last, at)});
    last = at + match[0].length;
    const action = (match[1] as string).trim();
    const where = `${file}:${lineOf(source, at)}`;
    if (FIELD.test(action)) {
      target().push({kind: 'value', path: action.slice(1).split('.'), context: contextAt(source.slice(0, at))});
    } else if (/^if\s/.test(action) && FIELD.test(action.slice(2).trim())) {
      const node: Extract<Node, {kind: 'if'}> = {kind: 'if', path: action.slice(2).trim().slice(1).split('.'), then: [], otherwise: []};
      target().push(node);
      stack.push({node, inElse: false, line: lineOf(source, at)});
    } else if (action === 'else') {
      const top = stack[stack.length - 1];
      if (!top || top.inElse) throw new TemplateError(`${where}: {{ else }} without an open {{ if }}`);
      top.inElse = true;
    } else if (action === 'end') {
      if (!stack.pop()) throw new TemplateError(`${where}: {{ end }} without an open {{ if }}`);
    } else {
      throw new TemplateError(
        `${where}: {{${match[1]}}} is not supported by local-supabase (only {{ .Field }}, {{ if .Field }}, {{ else }} and {{ end }})`,
      );
    }
  }
  const open = stack[stack.length - 1];
  if (open) throw new TemplateError(`${file}:${open.line}: {{ if }} without {{ end }}`);
  if (last < source.length) target().push({kind: 'text', text: source.slice(last)});
  return root;
}

function lookup(data: TemplateData, path: string[]): unknown {
  let value: unknown = data;
  for (const key of path) {
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

/** Go's truth: false, 0, nil, and empty strings, maps and slices are false. */
function truthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** html/template prints nothing for a missing map key (text/template would print "<no value>"). */
function printed(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return `map[${Object.entries(value).map(([k, v]) => `${k}:${String(v)}`).join(' ')}]`;
  return String(value);
}

export function renderTemplate(nodes: Node[], data: TemplateData): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text;
    else if (node.kind === 'if') out += renderTemplate(truthy(lookup(data, node.path)) ? node.then : node.otherwise, data);
    else {
      const value = printed(lookup(data, node.path));
      if (node.context === 'html') out += escapeHtml(value);
      else out += escapeHtml(normalizeUrl(node.context === 'url-start' ? safeUrlStart(value) : value));
    }
  }
  return out;
}
