// supabase/templates/*.html as local-supabase renders them, with the variables hosted GoTrue gives
// each kind: every mail carries its link and code, escaped as Go's html/template escapes them, and
// a construct local-supabase does not implement stops the start with the file and line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parseTemplate, renderTemplate} from '../../shared/mail/goTemplate';
import {SITE_TITLE} from '../../shared/site';
import {readProjectConfig, type EmailNotificationKind, type EmailTemplateKind} from '../projectConfig';
import {AuthMailer, notificationData, templateData, type MailKind} from './mail';

const settings = readProjectConfig(path.resolve(__dirname, '../../supabase/config.toml'), {}).auth;
const mailer = AuthMailer.load(settings);
const link = 'http://127.0.0.1:54321/auth/v1/verify?token=pkce_abc&type=signup&redirect_to=http%3A%2F%2F127.0.0.1%3A3000%2Fwelcome';

describe('supabase/templates rendered by local-supabase', () => {
  it('names a file for every template kind in config.toml', () => {
    for (const kind of ['confirmation', 'recovery', 'magic_link', 'invite', 'email_change', 'reauthentication'] as const) {
      expect(settings.emailTemplates[kind]?.contentPath).toBe(path.resolve(__dirname, `../../supabase/templates/${kind}.html`));
    }
  });

  // The site takes the code of these (its Check your email step); an invitation has no such screen.
  it.each<MailKind>(['confirmation', 'recovery', 'magiclink'])('puts the link and the code of a %s mail in both parts', (kind) => {
    const mail = mailer.render(kind, {to: 'ada+1@example.com', email: 'ada+1@example.com', confirmationUrl: link, token: '123456', tokenHash: 'abc'});
    // html/template's attribute escaping of the URL: & becomes &amp;.
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(mail.html).toContain('ada&#43;1@example.com');
    expect(mail.text).toMatch(new RegExp(`: ${link.replace(/[?.]/g, '\\$&')}\\s`));
    expect(mail.text).toContain('Or enter this code: 123456');
    expect(mail.text).toContain('ada+1@example.com');
    expect(mail.link).toBe(link);
    expect(mail.subject).toMatch(/Research Methods Academy/);
  });

  it('gives an invitation its link and no code, which the site would not take', () => {
    const mail = mailer.render('invite', {to: 'ada@example.com', email: 'ada@example.com', confirmationUrl: link, token: '123456', tokenHash: 'abc'});
    expect(mail.link).toBe(link);
    expect(mail.text).not.toContain('123456');
  });

  it('names both addresses in an e-mail change mail', () => {
    const mail = mailer.render('email_change', {to: 'new@example.com', email: 'old@example.com', newEmail: 'new@example.com', confirmationUrl: link, token: '654321'});
    expect(mail.to).toBe('new@example.com');
    expect(mail.text).toContain('old@example.com');
    expect(mail.text).toContain('new@example.com');
    expect(mail.text).toContain('Or enter this code: 654321');
    expect(mail.text).toContain(link);
  });

  it('gives a reauthentication mail its code and no link', () => {
    const mail = mailer.render('reauthentication', {to: 'ada@example.com', email: 'ada@example.com', token: '246810'});
    expect(mail.text).toContain('Your code: 246810');
    expect(mail.text).not.toContain('http');
    expect(mail.subject).toBe('Your Research Methods Academy security code');
  });

  it('uses in each file only the variables GoTrue gives that kind', () => {
    for (const [kind, setting] of Object.entries(settings.emailTemplates)) {
      const given = Object.keys(templateData(kind as EmailTemplateKind, 'http://site', {to: '', email: ''}));
      const used = [...fs.readFileSync(setting.contentPath as string, 'utf8').matchAll(/\{\{\s*(?:if\s+)?\.(\w+)/g)].map((m) => m[1]);
      expect(used.length, kind).toBeGreaterThan(0);
      for (const name of used) expect(given, `${kind} uses .${name}`).toContain(name);
    }
  });

  it('switches on the four security notices, each with its file under supabase/templates and the product\'s name', () => {
    const kinds = ['password_changed', 'email_changed', 'mfa_factor_enrolled', 'mfa_factor_unenrolled'] as const;
    for (const kind of kinds) {
      const setting = settings.emailNotifications[kind];
      expect(setting?.enabled, kind).toBe(true);
      expect(setting?.contentPath).toBe(path.resolve(__dirname, `../../supabase/templates/${kind}_notification.html`));
      // The files are pushed to hosted as they are, so they spell the name; shared/site.ts is its one home.
      expect(setting?.subject).toContain(SITE_TITLE);
      expect(fs.readFileSync(setting?.contentPath as string, 'utf8')).toContain(SITE_TITLE);
    }
  });

  it('uses in each notification only the variables GoTrue gives that kind', () => {
    for (const [kind, setting] of Object.entries(settings.emailNotifications)) {
      const given = Object.keys(notificationData(kind as EmailNotificationKind, 'http://site', {to: '', email: ''}));
      const used = [...fs.readFileSync(setting.contentPath as string, 'utf8').matchAll(/\{\{\s*(?:if\s+)?\.(\w+)/g)].map((m) => m[1]);
      for (const name of used) expect(given, `${kind} uses .${name}`).toContain(name);
    }
  });

  it('renders an e-mail change notice for the old address, naming both', () => {
    const mail = mailer.renderNotification('email_changed', {to: 'old@example.com', email: 'new@example.com', oldEmail: 'old@example.com'});
    expect(mail?.to).toBe('old@example.com');
    expect(mail?.subject).toBe(`The e-mail address of your ${SITE_TITLE} account was changed`);
    expect(mail?.text).toContain('from old@example.com to new@example.com');
  });

  it('sends no notice config.toml leaves off, and GoTrue\'s default text for one switched on without a file', () => {
    const bare = AuthMailer.load({siteUrl: 'http://site', emailTemplates: {}, emailNotifications: {mfa_factor_enrolled: {enabled: true}}});
    expect(bare.renderNotification('password_changed', {to: 'a@example.com', email: 'a@example.com'})).toBeUndefined();
    const mail = bare.renderNotification('mfa_factor_enrolled', {to: 'a@example.com', email: 'a@example.com', factorType: 'totp'});
    expect(mail?.subject).toBe('A new verification method was added to your account');
    expect(mail?.text).toContain('Sign-in verification method totp was added to your account.');
  });

  it('refuses at load a template file it cannot render, naming the file and line', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'templates-'));
    const file = path.join(dir, 'recovery.html');
    fs.writeFileSync(file, '<p>Hello</p>\n<p>{{ template "x" }}</p>\n');
    expect(() => AuthMailer.load({siteUrl: 'http://site', emailTemplates: {recovery: {contentPath: file}}})).toThrow(`${file}:2: `);
    fs.rmSync(dir, {recursive: true, force: true});
  });
});

describe('the Go template subset', () => {
  const render = (source: string, data: Record<string, unknown>) => renderTemplate(parseTemplate(source, 't.html'), data);

  it('escapes text as html/template does and filters unsafe URLs in href', () => {
    expect(render('<p>{{ .Email }}</p>', {Email: `<b>"x"&'y'+</b>`})).toBe('<p>&lt;b&gt;&#34;x&#34;&amp;&#39;y&#39;&#43;&lt;/b&gt;</p>');
    expect(render('<a href="{{ .ConfirmationURL }}">go</a>', {ConfirmationURL: 'javascript:alert(1)'})).toBe('<a href="#ZgotmplZ">go</a>');
    expect(render('<a href="{{ .SiteURL }}/x?e={{ .Email }}">go</a>', {SiteURL: 'https://a.example', Email: 'a b@c'})).toBe(
      '<a href="https://a.example/x?e=a%20b@c">go</a>',
    );
  });

  it('renders if/else/end on Go truth and .Data fields', () => {
    const source = '{{ if .Data.full_name }}Hi {{ .Data.full_name }}{{ else }}Hello{{ end }}';
    expect(render(source, {Data: {full_name: 'Ada'}})).toBe('Hi Ada');
    expect(render(source, {Data: {}})).toBe('Hello');
  });

  it('refuses a construct it does not implement, naming the file and line', () => {
    expect(() => parseTemplate('<p>\n{{ .Email | upper }}</p>', 'supabase/templates/x.html')).toThrow(/^supabase\/templates\/x\.html:2: /);
    expect(() => parseTemplate('{{ range .Data }}{{ end }}', 'x.html')).toThrow('x.html:1');
    expect(() => parseTemplate('{{ if .Token }}', 'x.html')).toThrow('x.html:1: {{ if }} without {{ end }}');
  });
});
