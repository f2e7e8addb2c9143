// Run under Deno by supabase/functions/deno.test.ts: renders one transactional mail from its
// template file and sends it with send-mail's SMTP client (nodemailer from npm:) to SMTP_HOST and
// SMTP_PORT, as send-mail does on the Edge Runtime; the recipient is PROBE_TO.
import {renderMail} from '../../supabase/functions/_shared/mailMessages.ts';
import {smtpSender} from '../../supabase/functions/_shared/mailSmtp.ts';

const env = Deno.env.toObject();
const mail = await renderMail('payment_receipt', {amount: '49.00', currency: 'USD'}, env);
await smtpSender(env)(env.PROBE_TO ?? '', mail);
console.log(`sent: ${mail.subject}`);
