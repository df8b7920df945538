/**
 * The site's one SMTP transport, built from SMTP_URL once per process: the staff's enquiry emails, alerts by email,
 * the newsletter's confirmation emails, the SMTP check at start and `test-delivery` all send through it, from the site's own address, and read a mail
 * server's failures the same way.
 */
import { createTransport } from 'nodemailer';
import type { Config } from '../config.server.ts';

/** Time allowed for one SMTP step (connecting, the greeting, each command): nodemailer's defaults reach 10 minutes. */
const stepTimeoutMs = 10_000;

/** The codes of a mail server refusing the login (a wrong or changed password). */
export const refusedLoginCodes: readonly string[] = ['SMTP 535', 'SMTP 534', 'EAUTH'];

/** A plain-text message from the site. */
export interface MailMessage {
  /** NOTIFY_EMAIL unless given. */
  to?: string;
  subject: string;
  text: string;
  replyTo?: { name: string; address: string };
  /** Further headers (a newsletter email's List-Unsubscribe). */
  headers?: Record<string, string>;
}

export interface MailFailure {
  ok: false;
  /** What logs, /healthz and alerts name: `SMTP 451`, `EAUTH`, `ECONNREFUSED`, `TIMEOUT`. */
  code: string;
  /** The server's own words, for `show` and the operator's terminal; never logged. */
  message: string;
  /** Every message fails until SMTP_URL is fixed: a delivery problem at once, and still retried. */
  refusedLogin: boolean;
  /** A refusal that sending again will not change: a 5xx other than a login problem. */
  permanent: boolean;
}

export type MailResult = { ok: true } | MailFailure;

export interface Mailer {
  /** Sends within `timeoutMs` overall, since a server answering each step just in time would pass every step's. */
  send(message: MailMessage, options: { timeoutMs: number; signal?: AbortSignal }): Promise<MailResult>;
  /** Connects and logs in, sending nothing. */
  verify(): Promise<MailResult>;
  /** The server's host and port, for the log: never its user or password. */
  readonly host: string;
  close(): void;
}

/** The transport SMTP_URL names, or undefined without one. */
export function createMailer(config: Config): Mailer | undefined {
  const { smtpUrl, notifyEmail } = config.enquiries;
  if (!smtpUrl) return undefined;
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: stepTimeoutMs,
    greetingTimeout: stepTimeoutMs,
    socketTimeout: 3 * stepTimeoutMs,
  });
  const from = { name: `${config.public.siteName} website`, address: notifyEmail };
  return {
    async send({ to = notifyEmail, subject, text, replyTo, headers }, { timeoutMs, signal }) {
      const deadline = AbortSignal.timeout(timeoutMs);
      try {
        await transport.sendMail({
          from,
          to,
          subject,
          text,
          ...(replyTo ? { replyTo } : {}),
          ...(headers ? { headers } : {}),
          signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
        });
        return { ok: true };
      } catch (error) {
        if (deadline.aborted && !signal?.aborted) {
          return failure({ code: 'TIMEOUT', message: `no answer within ${timeoutMs / 1_000} s` });
        }
        return failure(error);
      }
    },
    async verify() {
      try {
        await transport.verify();
        return { ok: true };
      } catch (error) {
        return failure(error);
      }
    },
    host: hostOf(smtpUrl),
    close: () => transport.close(),
  };
}

function failure(error: unknown): MailFailure {
  const {
    code,
    responseCode,
    message = '',
  } = (error ?? {}) as { code?: string; responseCode?: number; message?: string };
  const label = responseCode ? `SMTP ${responseCode}` : (code ?? 'ERROR');
  const refusedLogin = refusedLoginCodes.includes(label);
  // A refused login stays retried: fixing SMTP_URL should not need every enquiry re-queued by hand.
  const permanent = Boolean(responseCode && responseCode >= 500) && !refusedLogin && code !== 'EAUTH';
  return { ok: false, code: label, message, refusedLogin, permanent };
}

function hostOf(url: string): string {
  const parsed = URL.parse(url);
  return parsed ? `${parsed.hostname}:${parsed.port || 'default port'}` : 'SMTP_URL';
}
