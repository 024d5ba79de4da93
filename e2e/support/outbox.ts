import fs from 'node:fs/promises';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { e2eDataDir } from '../../scripts/e2e-data-dir.ts';
import { parseMail, type ParsedMail } from '../../server/testing/mail.ts';

/** Waits for an e-mail in the test server's outbox (it has no SMTP) to `to` whose subject matches. */
export async function waitForMail(testInfo: TestInfo, to: string, subject: RegExp, timeoutMs = 10_000): Promise<ParsedMail> {
  const baseURL = testInfo.project.use.baseURL ?? '';
  const outbox = path.join(e2eDataDir(testInfo.project.name, new URL(baseURL).port), 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = (await fs.readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
    for (const name of names) {
      const mail = parseMail(await fs.readFile(path.join(outbox, name), 'utf8'));
      if ((mail.headers.get('to') ?? '').includes(to) && subject.test(mail.subject)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} matching ${subject} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
