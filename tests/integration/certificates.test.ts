// Certificate verification against a real local-supabase through supabase-js and the site's own
// service module (src/lib/certificateVerification.ts): what verify_certificate tells anyone
// holding a code (the course, the pass mark, each check passed with its score and date, and
// nothing about the learner's account), and who the database says owns a certificate (the owner
// only: not a visitor, not another learner, not an administrator who may read every row).
// Certificates are issued with the service role, as the grading function would record them.
import {describe, expect, it} from 'vitest';
import {anonClient, serviceClient, signedInUser} from './clients';
import {ownsCertificate, verifyCertificate} from '../../src/lib/certificateVerification';

let counter = 0;

/** A throwaway course and a certificate of `userId` for it; returns its code. */
async function issue(userId: string, checks: unknown, passMark: number | null = 80): Promise<{code: string; slug: string}> {
  const admin = serviceClient();
  counter += 1;
  const slug = `cert-${Date.now()}-${counter}-${Math.floor(Math.random() * 1e6)}`;
  const course = await admin.from('courses').insert({slug, title: `Certified course ${counter}`, order_index: 3000 + counter}).select('id').single();
  if (course.error) throw course.error;
  const code = Array.from({length: 32}, () => Math.floor(Math.random() * 16).toString(16)).join('');
  const inserted = await admin.from('certificates').insert({
    code,
    user_id: userId,
    course_id: (course.data as {id: number}).id,
    full_name: 'Ada Lovelace',
    course_title: `Certified course ${counter}`,
    issued_at: '2026-11-23T10:00:00Z',
    checks,
    pass_mark: passMark,
  });
  if (inserted.error) throw inserted.error;
  return {code, slug};
}

const CHECKS = [
  {lesson_slug: 'overview', lesson_title: 'Overview', score: 100, passed_at: '2026-11-20T09:00:00+00:00'},
  {lesson_slug: 'workflow', lesson_title: 'Workflow', score: 83.33, passed_at: '2026-11-23T10:00:00+00:00'},
];

describe('verify_certificate', () => {
  it('tells anyone the course, the pass mark and each check passed with its score and date', async () => {
    const {user} = await signedInUser();
    const {code, slug} = await issue(user.id, CHECKS);
    const result = await verifyCertificate(anonClient(), code.toUpperCase());
    expect(result.error).toBeNull();
    expect(result.data).toEqual({
      fullName: 'Ada Lovelace',
      courseTitle: expect.stringMatching(/^Certified course/),
      courseSlug: slug,
      issuedAt: expect.stringMatching(/^2026-11-23T10:00:00/),
      status: 'valid',
      revokedAt: null,
      passMark: 80,
      checks: [
        {lessonSlug: 'overview', lessonTitle: 'Overview', score: 100, passedAt: expect.stringMatching(/^2026-11-20T09:00:00/)},
        {lessonSlug: 'workflow', lessonTitle: 'Workflow', score: 83.33, passedAt: expect.stringMatching(/^2026-11-23T10:00:00/)},
      ],
    });
  });

  it('answers with the certificate’s statement only: no account id, e-mail or anything else a record may hold', async () => {
    const {user, email} = await signedInUser();
    const {code} = await issue(user.id, [{...CHECKS[0], attempt_id: 42, answers: {q1: [0]}, user_id: user.id}]);
    const raw = await anonClient().rpc('verify_certificate', {p_code: code}).single();
    expect(raw.error).toBeNull();
    expect(Object.keys(raw.data as object).sort()).toEqual(['checks', 'course_slug', 'course_title', 'full_name', 'issued_at', 'pass_mark', 'revoked_at', 'status']);
    expect((raw.data as {checks: object[]}).checks.map((c) => Object.keys(c).sort())).toEqual([['lesson_slug', 'lesson_title', 'passed_at', 'score']]);
    const text = JSON.stringify(raw.data);
    expect(text).not.toContain(user.id);
    expect(text).not.toContain(email);
  });

  it('answers nothing for an unknown code and says so for a certificate without recorded checks', async () => {
    expect(await verifyCertificate(anonClient(), 'f'.repeat(32))).toEqual({data: null, error: null});
    const {user} = await signedInUser();
    const {code} = await issue(user.id, [], null);
    expect((await verifyCertificate(anonClient(), code)).data).toMatchObject({passMark: null, checks: []});
  });
});

describe('certificate ownership', () => {
  it('is the owner’s alone: not a stranger’s, an administrator’s or a visitor’s', async () => {
    const owner = await signedInUser();
    const {code} = await issue(owner.user.id, CHECKS);
    expect(await ownsCertificate(owner.client, code, owner.user.id)).toBe(true);

    const stranger = await signedInUser();
    expect(await ownsCertificate(stranger.client, code, stranger.user.id)).toBe(false);
    // Claiming the owner's id changes nothing: row-level security reads only the caller's rows.
    expect(await ownsCertificate(stranger.client, code, owner.user.id)).toBe(false);
    expect((await stranger.client.from('certificates').select('code').eq('code', code)).data).toEqual([]);

    const admin = await signedInUser({appMetadata: {role: 'admin'}});
    expect(await ownsCertificate(admin.client, code, admin.user.id)).toBe(false);

    const visitor = anonClient();
    expect(await ownsCertificate(visitor, code, owner.user.id)).toBe(false);
    expect((await visitor.from('certificates').select('code').eq('code', code)).error?.code).toBe('42501');
  });
});
