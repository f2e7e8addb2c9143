// Security notices ([auth.email.notification.*] in supabase/config.toml): a password change, an
// e-mail change (to the OLD address) and a TOTP factor enrolled and removed each mail the account
// holder as hosted GoTrue does, with the project's subjects and templates.
import {describe, expect, it} from 'vitest';
import {totpCode} from '../../local-supabase/auth/totp';
import {SITE_TITLE} from '../../shared/site';
import {followLink, latestMail, mailCount, signedInUser, uniqueEmail} from './clients';

describe('security notification mails', () => {
  it('tells the account holder their password was changed, and nothing when the change is refused', async () => {
    const {client, email, password} = await signedInUser();
    const same = await client.auth.updateUser({password});
    expect(same.error?.code).toBe('same_password');
    expect(await mailCount(email)).toBe(0);

    expect((await client.auth.updateUser({password: 'a-brand-new-secret'})).error).toBeNull();
    const mail = await latestMail(email);
    expect(mail.subject).toBe(`Your ${SITE_TITLE} password was changed`);
    expect(mail.text).toContain(`The password of your ${SITE_TITLE} account ${email} was just changed.`);
    expect(mail.text).not.toContain('a-brand-new-secret');
    expect(await mailCount(email)).toBe(1);
  });

  it('tells the OLD address that the e-mail address was changed, once the change is complete', async () => {
    const {client, email} = await signedInUser();
    const newEmail = uniqueEmail('moved');
    expect((await client.auth.updateUser({email: newEmail})).error).toBeNull();
    const toOld = await latestMail(email);
    const toNew = await latestMail(newEmail);
    // double_confirm_changes: the first link alone changes nothing and notifies nobody.
    await followLink(toOld.link);
    expect(await mailCount(email)).toBe(1);
    expect((await followLink(toNew.link)).fragment.get('type')).toBe('email_change');

    const notice = await latestMail(email);
    expect(notice.subject).toBe(`The e-mail address of your ${SITE_TITLE} account was changed`);
    expect(notice.text).toContain(`from ${email} to ${newEmail}`);
    expect(await mailCount(email)).toBe(2);
    // The new address got only its confirmation link.
    expect(await mailCount(newEmail)).toBe(1);
  });

  it('tells the account holder when a TOTP factor is enrolled (on its first verify) and when it is removed', async () => {
    const {client, email} = await signedInUser();
    const enrolled = await client.auth.mfa.enroll({factorType: 'totp', friendlyName: 'phone'});
    const factor = enrolled.data!;
    // An enrolment not yet verified is not announced.
    expect(await mailCount(email)).toBe(0);
    const challenge = await client.auth.mfa.challenge({factorId: factor.id});
    const verified = await client.auth.mfa.verify({factorId: factor.id, challengeId: challenge.data!.id, code: totpCode(factor.totp.secret)});
    expect(verified.error).toBeNull();
    const added = await latestMail(email);
    expect(added.subject).toBe(`A sign-in verification method was added to your ${SITE_TITLE} account`);
    expect(added.text).toContain(`(totp) was added to your ${SITE_TITLE} account ${email}`);

    expect((await client.auth.mfa.unenroll({factorId: factor.id})).error).toBeNull();
    expect(await mailCount(email)).toBe(2);
    const removed = await latestMail(email);
    expect(removed.subject).toBe(`A sign-in verification method was removed from your ${SITE_TITLE} account`);
    expect(removed.text).toContain(`(totp) was removed from your ${SITE_TITLE} account ${email}`);
  });
});
