import {describe, expect, it} from 'vitest';
import {RestError} from './errors';
import {parseColumnList, parseFilter, parseLogicTree, parseOrder} from './parseFilters';
import {parseSelect} from './parseSelect';
import {parsePrefer} from './preferences';
import {parseQuery} from './queryParams';

function parseFailure(fn: () => unknown): RestError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RestError);
    return error as RestError;
  }
  throw new Error('expected a parse error');
}

describe('parseSelect', () => {
  it('counts embeds and items across all levels, refusing the first one past a bound where it starts', () => {
    const nested = (n: number) => Array.from({length: n}, () => 'a(').join('') + 'id' + ')'.repeat(n);
    expect(parseSelect(nested(16))).toHaveLength(1);
    const deep = parseFailure(() => parseSelect(nested(17)));
    expect(deep.code).toBe('PGRST100');
    expect(deep.details).toBe('unexpected embedded resource: at most 16 per request');
    expect(deep.message).toContain('(line 1, column 33)');
    expect(parseSelect(Array.from({length: 200}, () => 'id').join(','))).toHaveLength(200);
    const wide = parseFailure(() => parseSelect(Array.from({length: 201}, () => 'id').join(',')));
    expect(wide.details).toBe('unexpected select item: at most 200 per request');
    expect(wide.message).toContain('(line 1, column 601)');
  });

  it('reads columns, aliases, casts, JSON paths and nested embeds', () => {
    expect(parseSelect('id, name:full_name, id::text, meta->>lang, data->tags->0')).toEqual([
      {kind: 'field', name: 'id', alias: null, path: [], cast: null, aggregate: null},
      {kind: 'field', name: 'full_name', alias: 'name', path: [], cast: null, aggregate: null},
      {kind: 'field', name: 'id', alias: null, path: [], cast: 'text', aggregate: null},
      {kind: 'field', name: 'meta', alias: null, path: [{arrow: '->>', key: 'lang'}], cast: null, aggregate: null},
      {kind: 'field', name: 'data', alias: null, path: [{arrow: '->', key: 'tags'}, {arrow: '->', key: '0'}], cast: null, aggregate: null},
    ]);
    expect(parseSelect('*,c:courses!courses_fk!inner(slug,lessons(*)),...author(name)')).toEqual([
      {kind: 'star'},
      {
        kind: 'embed',
        relation: 'courses',
        alias: 'c',
        hint: 'courses_fk',
        inner: true,
        spread: false,
        children: [
          {kind: 'field', name: 'slug', alias: null, path: [], cast: null, aggregate: null},
          {kind: 'embed', relation: 'lessons', alias: null, hint: null, inner: false, spread: false, children: [{kind: 'star'}]},
        ],
      },
      {kind: 'embed', relation: 'author', alias: null, hint: null, inner: false, spread: true, children: [{kind: 'field', name: 'name', alias: null, path: [], cast: null, aggregate: null}]},
    ]);
    expect(parseSelect('"with space",x')[0]).toMatchObject({name: 'with space'});
    expect(parseSelect('')).toEqual([{kind: 'star'}]);
  });

  it('reports PGRST100 with the column of the failure', () => {
    const error = parseFailure(() => parseSelect('id,lessons(slug'));
    expect(error.status).toBe(400);
    expect(error.code).toBe('PGRST100');
    expect(error.message).toBe('"failed to parse select parameter (id,lessons(slug)" (line 1, column 16)');
    expect(parseFailure(() => parseSelect('id,,x')).code).toBe('PGRST100');
    expect(parseFailure(() => parseSelect('id::text;drop')).code).toBe('PGRST100');
    expect(parseFailure(() => parseSelect('amount.median()')).code).toBe('PGRST100');
  });

  it('reads aggregates as PostgREST\'s grammar has them: field[::cast].fn()[::cast], and count()', () => {
    expect(parseSelect('count()')).toEqual([{kind: 'field', name: '', alias: null, path: [], cast: null, aggregate: {fn: 'count', cast: null}}]);
    expect(parseSelect('n:count()::text')[0]).toMatchObject({alias: 'n', aggregate: {fn: 'count', cast: 'text'}});
    expect(parseSelect('total:amount::int.sum()::text')[0]).toMatchObject({
      name: 'amount',
      alias: 'total',
      cast: 'int',
      aggregate: {fn: 'sum', cast: 'text'},
    });
    expect(parseSelect('meta->>n.max()')[0]).toMatchObject({name: 'meta', path: [{arrow: '->>', key: 'n'}], aggregate: {fn: 'max'}});
    expect(parseSelect('rel(count)')[0]).toMatchObject({kind: 'embed', children: [{kind: 'field', name: 'count', aggregate: null}]});
  });
});

describe('filters', () => {
  it('parses operators, negation, modifiers and lists', () => {
    expect(parseFilter([], 'id', 'eq.5')).toMatchObject({column: 'id', op: 'eq', negated: false, value: '5'});
    expect(parseFilter([], 'id', 'not.in.(1,"a,b",3)')).toMatchObject({op: 'in', negated: true, list: ['1', 'a,b', '3']});
    expect(parseFilter([], 'slug', 'like(any).{a*,b*}')).toMatchObject({op: 'like', quantifier: 'any', list: ['a*', 'b*']});
    expect(parseFilter([], 'doc', 'fts(english).cat')).toMatchObject({op: 'fts', language: 'english', value: 'cat'});
    expect(parseFilter([], 'x', 'eq.a.b,c')).toMatchObject({value: 'a.b,c'});
    expect(parseFilter(['lessons'], 'meta->>k', 'is.null')).toMatchObject({embedPath: ['lessons'], column: 'meta', jsonPath: [{arrow: '->>', key: 'k'}]});
  });

  it('refuses unknown operators and bad is values', () => {
    const error = parseFailure(() => parseFilter([], 'id', 'equals.5'));
    expect(error.message).toBe('"failed to parse filter (equals.5)" (line 1, column 1)');
    expect(error.details).toBe('unexpected "e" expecting "not" or operator (eq, gt, ...)');
    expect(parseFailure(() => parseFilter([], 'a', 'is.maybe')).code).toBe('PGRST100');
    expect(parseFailure(() => parseFilter([], 'a', 'in.(1,2')).code).toBe('PGRST100');
  });

  it('parses nested logic trees with quoting', () => {
    const tree = parseLogicTree('or', false, [], '(age.lt.18,not.and(a.gte.11,b.eq."x,y)"),name.in.(a,b))');
    expect(tree.op).toBe('or');
    expect(tree.children).toHaveLength(3);
    expect(tree.children[1]).toMatchObject({kind: 'logic', op: 'and', negated: true});
    expect((tree.children[1] as {children: {value: string}[]}).children[1]!.value).toBe('x,y)');
    expect(tree.children[2]).toMatchObject({op: 'in', list: ['a', 'b']});
    expect(parseFailure(() => parseLogicTree('or', false, [], 'a.eq.1')).code).toBe('PGRST100');
  });

  it('parses order terms and column lists', () => {
    expect(parseOrder('a.desc.nullslast,b,author(name).asc')).toEqual([
      {column: 'a', jsonPath: [], relation: null, direction: 'desc', nulls: 'last'},
      {column: 'b', jsonPath: [], relation: null, direction: null, nulls: null},
      {column: 'name', jsonPath: [], relation: 'author', direction: 'asc', nulls: null},
    ]);
    expect(parseColumnList('columns', '"a","b c"')).toEqual(['a', 'b c']);
    expect(parseFailure(() => parseOrder('a.up')).code).toBe('PGRST100');
  });
});

describe('parseQuery', () => {
  it('classifies reserved parameters, embedded modifiers and filters', () => {
    const q = parseQuery(
      new URLSearchParams('select=id,lessons(id)&id=gt.1&lessons.order=id.desc&lessons.limit=2&not.or=(a.eq.1,b.eq.2)&limit=5&offset=10&apikey=x'),
    );
    expect(q.conditions).toHaveLength(1);
    expect(q.logic[0]).toMatchObject({embedPath: [], tree: {op: 'or', negated: true}});
    expect(q.order.get('lessons')).toHaveLength(1);
    expect(q.limit.get('lessons')).toBe(2);
    expect(q.limit.get('')).toBe(5);
    expect(q.offset.get('')).toBe(10);
    expect(q.hasRootFilter).toBe(true);
    expect(parseQuery(new URLSearchParams('lessons.slug=eq.x')).hasRootFilter).toBe(false);
  });
});

describe('parsePrefer', () => {
  it('reads comma-joined preferences', () => {
    expect(parsePrefer('return=representation, count=exact,resolution=merge-duplicates, missing=default')).toMatchObject({
      return: 'representation',
      count: 'exact',
      resolution: 'merge-duplicates',
      missing: 'default',
    });
    expect(parsePrefer('bogus=1').return).toBeNull();
    expect(() => parsePrefer('handling=strict, bogus=1')).toThrow(RestError);
  });
});
