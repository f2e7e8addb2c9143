import {parseSelect, type SelectItem} from './parseSelect';
import {
  parseColumnList,
  parseFilter,
  parseLogicTree,
  parseNonNegative,
  parseOrder,
  type Condition,
  type LogicTree,
  type OrderTerm,
} from './parseFilters';

/** The query string of a request, classified the way PostgREST does. */
export interface ParsedQuery {
  select: SelectItem[];
  conditions: Condition[];
  logic: {embedPath: string[]; tree: LogicTree}[];
  /** Keyed by embed path joined with '.' ('' for the resource itself). */
  order: Map<string, OrderTerm[]>;
  limit: Map<string, number>;
  offset: Map<string, number>;
  onConflict: string[] | null;
  columns: string[] | null;
  /** GET /rpc arguments (params whose name is a function argument). */
  args: Map<string, string>;
  /** Whether any filter applies to the resource itself (safeupdate's WHERE clause). */
  hasRootFilter: boolean;
}

const IGNORED = new Set(['apikey']);

export function parseQuery(search: URLSearchParams, isArg?: (key: string) => boolean): ParsedQuery {
  const parsed: ParsedQuery = {
    select: [{kind: 'star'}],
    conditions: [],
    logic: [],
    order: new Map(),
    limit: new Map(),
    offset: new Map(),
    onConflict: null,
    columns: null,
    args: new Map(),
    hasRootFilter: false,
  };
  for (const [key, value] of search) {
    if (IGNORED.has(key)) continue;
    switch (key) {
      case 'select':
        parsed.select = parseSelect(value);
        continue;
      case 'on_conflict':
        parsed.onConflict = parseColumnList('on_conflict', value);
        continue;
      case 'columns':
        parsed.columns = parseColumnList('columns', value);
        continue;
      default:
        break;
    }
    if (isArg?.(key)) {
      parsed.args.set(key, value);
      continue;
    }
    const parts = key.split('.');
    const last = parts[parts.length - 1] as string;
    const negatedLogic = parts.length >= 2 && parts[parts.length - 2] === 'not' && (last === 'or' || last === 'and');
    const embedPath = parts.slice(0, negatedLogic ? -2 : -1);
    const pathKey = embedPath.join('.');
    if (last === 'or' || last === 'and') {
      parsed.logic.push({embedPath, tree: parseLogicTree(last, negatedLogic, embedPath, value)});
      if (embedPath.length === 0) parsed.hasRootFilter = true;
      continue;
    }
    if (last === 'order') {
      parsed.order.set(pathKey, parseOrder(value));
      continue;
    }
    if (last === 'limit') {
      parsed.limit.set(pathKey, parseNonNegative('limit', value));
      continue;
    }
    if (last === 'offset') {
      parsed.offset.set(pathKey, parseNonNegative('offset', value));
      continue;
    }
    // A JSON path may contain dots only after an arrow; split off embed names before it.
    const arrow = key.indexOf('->');
    const head = arrow === -1 ? key : key.slice(0, arrow);
    const headParts = head.split('.');
    const column = (headParts.pop() as string) + (arrow === -1 ? '' : key.slice(arrow));
    parsed.conditions.push(parseFilter(headParts, column, value));
    if (headParts.length === 0) parsed.hasRootFilter = true;
  }
  return parsed;
}
