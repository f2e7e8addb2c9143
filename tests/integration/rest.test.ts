// PostgREST semantics through the real supabase-js query builder: selects, filters, ordering,
// pagination, counts, embedding, single/maybeSingle, writes with return=representation,
// upserts on composite keys, RPC.
import {beforeAll, describe, expect, it} from 'vitest';
import {anonClient, serviceClient, signedInUser} from './clients';

type Lesson = {id: number; course_id: number; slug: string; order_index: number};

let lessons: Lesson[];
let courseId: number;
// A course with enough lessons for the write tests.
const COURSE = 'literature-review';

beforeAll(async () => {
  const {data, error} = await anonClient()
    .from('lessons')
    .select('id, course_id, slug, order_index, courses!inner(slug)')
    .eq('courses.slug', COURSE)
    // Free lessons only: progress on Premium ones needs Premium (a migration guard).
    .eq('is_premium', false)
    .order('order_index');
  expect(error).toBeNull();
  lessons = data as unknown as Lesson[];
  expect(lessons.length).toBeGreaterThanOrEqual(5);
  courseId = (lessons[0] as Lesson).course_id;
});

describe('select', () => {
  it('returns columns, aliases and casts in PostgREST shape with Content-Range', async () => {
    const {data, error, status, count} = await anonClient()
      .from('courses')
      .select('slug, name:title, id_text:id::text', {count: 'exact'})
      .order('order_index')
      .limit(2);
    expect(error).toBeNull();
    expect(status).toBe(206);
    expect(count).toBeGreaterThanOrEqual(7);
    expect(data).toHaveLength(2);
    expect(Object.keys(data![0]!)).toEqual(['slug', 'name', 'id_text']);
    expect(typeof data![0]!.id_text).toBe('string');
    expect(data![0]!.slug).toBe('research-overview');
  });

  it('applies every horizontal filter operator', async () => {
    const db = anonClient();
    const ids = async (q: PromiseLike<{data: {id: number}[] | null; error: unknown}>) => {
      const {data, error} = await q;
      expect(error).toBeNull();
      return (data ?? []).map((r) => r.id).sort((a, b) => a - b);
    };
    const all = await ids(db.from('courses').select('id'));
    const [first, second, third] = all as [number, number, number];
    expect(await ids(db.from('courses').select('id').eq('id', first))).toEqual([first]);
    expect(await ids(db.from('courses').select('id').neq('id', first))).toEqual(all.filter((i) => i !== first));
    expect(await ids(db.from('courses').select('id').gt('id', second))).toEqual(all.filter((i) => i > second));
    expect(await ids(db.from('courses').select('id').gte('id', second))).toEqual(all.filter((i) => i >= second));
    expect(await ids(db.from('courses').select('id').lt('id', second))).toEqual([first]);
    expect(await ids(db.from('courses').select('id').lte('id', second))).toEqual([first, second]);
    expect(await ids(db.from('courses').select('id').like('slug', 'research-%'))).toEqual([first]);
    expect(await ids(db.from('courses').select('id').ilike('title', 'RESEARCH%'))).toEqual([first]);
    expect(await ids(db.from('courses').select('id').in('id', [first, third]))).toEqual([first, third]);
    expect(await ids(db.from('courses').select('id').not('id', 'in', `(${first},${second})`))).toEqual(all.filter((i) => i > second));
    expect(await ids(db.from('courses').select('id').is('is_active', true))).toEqual(all);
    expect(await ids(db.from('courses').select('id').is('description', null))).toEqual([]);
    expect(await ids(db.from('courses').select('id').not('description', 'is', null))).toEqual(all);
    expect(await ids(db.from('courses').select('id').or(`id.eq.${first},id.eq.${third}`))).toEqual([first, third]);
    expect(
      await ids(db.from('courses').select('id').or(`id.eq.${first},and(id.gte.${second},id.lte.${third},id.not.eq.${third})`)),
    ).toEqual([first, second]);
    expect(await ids(db.from('courses').select('id').match({id: second, is_active: true}))).toEqual([second]);
    expect(await ids(db.from('courses').select('id').filter('slug', 'in', '("research-overview","x,y")'))).toEqual([first]);
  });

  it('orders by several columns with nulls placement, and paginates with range', async () => {
    const db = anonClient();
    const asc = await db.from('lessons').select('id, course_id, order_index').order('course_id').order('order_index', {ascending: false});
    expect(asc.error).toBeNull();
    const rows = asc.data!;
    for (let i = 1; i < rows.length; i += 1) {
      const a = rows[i - 1]!;
      const b = rows[i]!;
      expect(a.course_id < b.course_id || (a.course_id === b.course_id && a.order_index >= b.order_index)).toBe(true);
    }
    const page = await db.from('lessons').select('id', {count: 'exact'}).order('id').range(2, 4);
    expect(page.error).toBeNull();
    expect(page.data!.map((r) => r.id)).toEqual(rows.map((r) => r.id).sort((a, b) => a - b).slice(2, 5));
    expect(page.count).toBe(rows.length);
    const nulls = await db.from('courses').select('id').order('description', {nullsFirst: true}).limit(1);
    expect(nulls.error).toBeNull();
  });

  it('HEAD with count returns only the count', async () => {
    const {data, count, error, status} = await anonClient().from('lessons').select('*', {count: 'exact', head: true});
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBeNull();
    expect(count).toBeGreaterThan(10);
  });

  it('embeds to-many as arrays (ordered, limited) and to-one as objects', async () => {
    const db = anonClient();
    const {data, error} = await db
      .from('courses')
      .select('slug, lessons(slug, order_index)')
      .eq('slug', COURSE)
      .order('order_index', {referencedTable: 'lessons', ascending: false})
      .limit(2, {referencedTable: 'lessons'})
      .single();
    expect(error).toBeNull();
    expect(data!.lessons).toHaveLength(2);
    const lessonsDesc = [...lessons].sort((a, b) => b.order_index - a.order_index);
    expect(data!.lessons.map((l: {slug: string}) => l.slug)).toEqual(lessonsDesc.slice(0, 2).map((l) => l.slug));

    const toOne = await db.from('lessons').select('slug, course:courses(slug, title)').eq('id', lessons[0]!.id).single();
    expect(toOne.error).toBeNull();
    expect(toOne.data!.course).toMatchObject({slug: COURSE});
    expect(Array.isArray(toOne.data!.course)).toBe(false);

    // Embedded filters narrow only the embedded array; !inner makes them filter the parents.
    const left = await db.from('courses').select('slug, lessons(slug)').eq('lessons.slug', lessons[1]!.slug);
    expect(left.error).toBeNull();
    expect(left.data!.length).toBeGreaterThanOrEqual(7);
    const inner = await db.from('courses').select('slug, lessons!inner(slug)').eq('lessons.slug', lessons[1]!.slug);
    expect(inner.error).toBeNull();
    expect(inner.data).toEqual([{slug: COURSE, lessons: [{slug: lessons[1]!.slug}]}]);
  });

  it('reports unknown embeds and filters on unselected embeds', async () => {
    const db = anonClient();
    const none = await db.from('courses').select('slug, profiles(id)');
    expect(none.status).toBe(400);
    expect(none.error).toMatchObject({code: 'PGRST200', message: "Could not find a relationship between 'courses' and 'profiles' in the schema cache"});
    const unselected = await db.from('courses').select('slug').eq('lessons.slug', 'x');
    expect(unselected.status).toBe(400);
    expect(unselected.error).toMatchObject({code: 'PGRST108'});
  });

  it('single() and maybeSingle() follow PostgREST and postgrest-js', async () => {
    const db = anonClient();
    const one = await db.from('courses').select('slug').eq('slug', 'research-overview').single();
    expect(one.error).toBeNull();
    expect(one.data).toEqual({slug: 'research-overview'});

    const many = await db.from('courses').select('slug').single();
    expect(many.status).toBe(406);
    expect(many.data).toBeNull();
    expect(many.error).toMatchObject({code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object'});
    expect(many.error!.details).toMatch(/^The result contains \d+ rows$/);

    const zero = await db.from('courses').select('slug').eq('slug', 'no-such-course').single();
    expect(zero.status).toBe(406);
    expect(zero.error).toMatchObject({code: 'PGRST116', details: 'The result contains 0 rows', hint: null});

    const maybeNone = await db.from('courses').select('slug').eq('slug', 'no-such-course').maybeSingle();
    expect(maybeNone).toMatchObject({data: null, error: null, status: 200});
    const maybeOne = await db.from('courses').select('slug').eq('slug', 'open-data').maybeSingle();
    expect(maybeOne.data).toEqual({slug: 'open-data'});
  });
});

describe('writes', () => {
  it('updates a profile and returns the representation, as the site does', async () => {
    const {client, user} = await signedInUser({fullName: 'Before'});
    const {data, error, status} = await client.from('profiles').update({full_name: 'After'}).eq('id', user.id).select('id, full_name').single();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual({id: user.id, full_name: 'After'});
    const minimal = await client.from('profiles').update({full_name: 'Again'}).eq('id', user.id);
    expect(minimal).toMatchObject({error: null, status: 204, data: null});
  });

  it('inserts one or many rows, with return=minimal and representation', async () => {
    const {client} = await signedInUser();
    const minimal = await client.from('user_lesson_progress').insert({lesson_id: lessons[0]!.id, course_id: courseId, time_spent: 10});
    expect(minimal).toMatchObject({error: null, status: 201, data: null});

    const rows = await client
      .from('user_lesson_progress')
      .insert([
        {lesson_id: lessons[1]!.id, course_id: courseId, time_spent: 5, is_completed: false},
        {lesson_id: lessons[2]!.id, course_id: courseId, time_spent: 0, is_completed: true},
      ])
      .select('lesson_id, time_spent, is_completed');
    expect(rows.error).toBeNull();
    expect(rows.status).toBe(201);
    // Time is credited by the database (nothing on a learner's first writes), not as sent.
    expect(rows.data).toEqual([
      {lesson_id: lessons[1]!.id, time_spent: 0, is_completed: false},
      {lesson_id: lessons[2]!.id, time_spent: 0, is_completed: true},
    ]);

    // postgrest-js sends ?columns= for arrays: a key missing from one object is NULL, as in PostgREST.
    const missing = await client.from('user_lesson_progress').insert([
      {lesson_id: lessons[3]!.id, course_id: courseId, is_completed: true},
      {lesson_id: lessons[4]!.id, course_id: courseId},
    ]);
    expect(missing.status).toBe(400);
    expect(missing.error).toMatchObject({code: '23502', message: expect.stringContaining('"is_completed"')});

    const dup = await client.from('user_lesson_progress').insert({lesson_id: lessons[0]!.id, course_id: courseId});
    expect(dup.status).toBe(409);
    expect(dup.error).toMatchObject({code: '23505'});
  });

  it('bulk insert with defaultToNull=false uses column defaults for missing keys', async () => {
    const {client} = await signedInUser();
    const {data, error} = await client
      .from('user_lesson_progress')
      .insert(
        [
          {lesson_id: lessons[0]!.id, course_id: courseId, is_completed: true},
          {lesson_id: lessons[1]!.id, course_id: courseId},
        ],
        {defaultToNull: false},
      )
      .select('lesson_id, is_completed')
      .order('lesson_id');
    expect(error).toBeNull();
    expect(data!.map((r) => r.is_completed)).toEqual([true, false]);
  });

  it('upserts on the composite key (user_id, lesson_id)', async () => {
    const {client, user} = await signedInUser();
    const first = await client
      .from('user_lesson_progress')
      .upsert({user_id: user.id, lesson_id: lessons[0]!.id, course_id: courseId, time_spent: 30}, {onConflict: 'user_id,lesson_id'})
      .select('id, time_spent, is_completed')
      .single();
    expect(first.error).toBeNull();
    expect(first.status).toBe(201);
    const second = await client
      .from('user_lesson_progress')
      .upsert(
        {user_id: user.id, lesson_id: lessons[0]!.id, course_id: courseId, time_spent: 90, is_completed: true},
        {onConflict: 'user_id,lesson_id'},
      )
      .select('id, time_spent, is_completed')
      .single();
    expect(second.error).toBeNull();
    expect(second.status).toBe(200);
    // Same row (the composite key matched); the migration's guard caps how fast time may grow.
    expect(second.data).toMatchObject({id: first.data!.id, is_completed: true});
    expect(second.data!.time_spent).toBeGreaterThanOrEqual(first.data!.time_spent);

    const ignored = await client
      .from('user_lesson_progress')
      .upsert({user_id: user.id, lesson_id: lessons[0]!.id, course_id: courseId, time_spent: 999}, {onConflict: 'user_id,lesson_id', ignoreDuplicates: true})
      .select('time_spent');
    expect(ignored.error).toBeNull();
    expect(ignored.data).toEqual([]);
    const {count} = await client.from('user_lesson_progress').select('*', {count: 'exact', head: true});
    expect(count).toBe(1);
    // The course row was kept in step by the database in the same transaction.
    const course = await client.from('user_course_progress').select('course_id, progress_percentage').single();
    expect(course.data!.course_id).toBe(courseId);
    expect(Number(course.data!.progress_percentage)).toBeGreaterThan(0);
  });

  it('refuses PATCH and DELETE without a filter (safeupdate)', async () => {
    const service = serviceClient();
    const update = await service.from('courses').update({title: 'x'});
    expect(update.status).toBe(400);
    expect(update.error).toMatchObject({code: '21000', message: 'UPDATE requires a WHERE clause'});
    const del = await service.from('courses').delete();
    expect(del.status).toBe(400);
    expect(del.error).toMatchObject({code: '21000', message: 'DELETE requires a WHERE clause'});
    const still = await anonClient().from('courses').select('id', {count: 'exact', head: true});
    expect(still.count).toBeGreaterThanOrEqual(7);
  });

  it('deletes with a filter and returns the deleted rows', async () => {
    const service = serviceClient();
    const slug = `temp-${Date.now()}`;
    const created = await service.from('courses').insert({slug, title: 'Temp'}).select('id').single();
    expect(created.error).toBeNull();
    const gone = await service.from('courses').delete().eq('id', created.data!.id).select('slug');
    expect(gone.error).toBeNull();
    expect(gone.status).toBe(200);
    expect(gone.data).toEqual([{slug}]);
    const nothing = await service.from('courses').delete().eq('id', created.data!.id);
    expect(nothing).toMatchObject({status: 204, error: null});
  });

  it('single() on a write rolls it back when the cardinality is wrong', async () => {
    const service = serviceClient();
    const base = `multi-${Date.now()}`;
    const {data, status, error} = await service
      .from('courses')
      .insert([
        {slug: `${base}-a`, title: 'A'},
        {slug: `${base}-b`, title: 'B'},
      ])
      .select()
      .single();
    expect(status).toBe(406);
    expect(data).toBeNull();
    expect(error).toMatchObject({code: 'PGRST116', details: 'The result contains 2 rows'});
    const left = await service.from('courses').select('id').like('slug', `${base}%`);
    expect(left.data).toEqual([]);
  });
});

describe('rpc', () => {
  it('calls a function with named arguments and returns its composite result', async () => {
    const {client} = await signedInUser();
    const {data, error, status} = await client.rpc('track_lesson_progress', {
      p_course_slug: COURSE,
      p_lesson_slug: lessons[0]!.slug,
      p_seconds: 20,
      p_completed: true,
    });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toMatchObject({course_id: courseId});
    expect(Number(data.progress_percentage)).toBeGreaterThan(0);
    const picked = await client
      .rpc('track_lesson_progress', {p_course_slug: COURSE, p_lesson_slug: lessons[0]!.slug})
      .select('course_id');
    expect(picked.error).toBeNull();
    expect(picked.data).toEqual({course_id: courseId});
  });

  it('supports GET for stable functions, scalar results', async () => {
    const {client, user} = await signedInUser();
    const {data, error} = await client.rpc('course_completion_percentage', {p_user_id: user.id, p_course_id: courseId}, {get: true});
    expect(error).toBeNull();
    expect(Number(data)).toBe(0);
    const admin = await client.rpc('is_admin');
    expect(admin).toMatchObject({data: false, error: null});
  });

  it('runs GET calls read-only: a volatile function cannot write through GET', async () => {
    const {client} = await signedInUser();
    const {error, status} = await client.rpc(
      'track_lesson_progress',
      {p_course_slug: COURSE, p_lesson_slug: lessons[0]!.slug, p_seconds: 5},
      {get: true},
    );
    expect(status).toBe(405);
    expect(error!.code).toBe('25006');
    const none = await client.from('user_lesson_progress').select('id');
    expect(none.data).toEqual([]);
  });

  it('returns PGRST202 for unknown functions or arguments, and RAISEd errors as they are', async () => {
    const {client} = await signedInUser();
    const unknown = await client.rpc('no_such_function', {a: 1});
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.no_such_function(a) in the schema cache',
    });
    const badArgs = await client.rpc('track_lesson_progress', {p_nope: 1});
    expect(badArgs.status).toBe(404);
    expect(badArgs.error!.code).toBe('PGRST202');
    const anon = await anonClient().rpc('track_lesson_progress', {p_course_slug: COURSE, p_lesson_slug: lessons[0]!.slug});
    expect(anon.status).toBe(401);
    expect(anon.error!.code).toBe('42501');
  });
});
