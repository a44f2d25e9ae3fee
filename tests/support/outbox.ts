/**
 * Mail as a server without SMTP_URL leaves it (issue 32): one .eml per message in
 * DATA_DIR/outbox/. Tests that follow a mailed link read the next message to an address here.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/** Waits for the next message to `to` in `outbox` that `seen` does not hold, and adds it there. */
export async function nextMail(
  outbox: string,
  to: string,
  seen: Set<string>,
  ms = 30_000,
): Promise<ParsedMail> {
  const deadline = Date.now() + ms;
  for (;;) {
    const names = (await readdir(outbox).catch(() => [] as string[])).filter(
      (n) => n.endsWith('.eml') && !seen.has(n),
    );
    for (const name of names.sort()) {
      const mail = await simpleParser(await readFile(path.join(outbox, name)));
      const address = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
      if (address === to) {
        seen.add(name);
        return mail;
      }
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${outbox}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The mailed link's path and query (`/reset-password?token=…`), to open on any origin. */
export function linkPathOf(mail: ParsedMail): string {
  const link = new URL(/https?:\/\/\S+\?token=\S+/.exec(mail.text ?? '')![0]);
  return `${link.pathname}${link.search}`;
}
