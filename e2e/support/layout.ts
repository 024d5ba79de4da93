import { expect, test, type Page } from '@playwright/test';

/** The two widths every screen is designed for: a phone first, then a laptop. */
export const PHONE = { width: 390, height: 844 } as const;
export const LAPTOP = { width: 1366, height: 900 } as const;

/** Elements whose text must always be read whole: badges, buttons, tabs and segmented choices. */
const LABELLED = [
  '.mantine-Badge-root',
  'button',
  'a.mantine-Button-root',
  '[role="button"]',
  '[role="tab"]',
  '.mantine-SegmentedControl-label',
].join(',');

/**
 * What is wrong with the page's layout as it is now: the page scrolls sideways, a badge, button or
 * tab label is cut (its text wider than its box, or an ellipsis actually hiding text), or such a
 * control or a table cell sits beyond the screen's edge (inside a sideways scroller). Empty when
 * all is well.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) {
      problems.push(`the page scrolls sideways by ${root.scrollWidth - root.clientWidth}px`);
    }
    const describe = (element: Element) => {
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
      const name = element.getAttribute('aria-label') ?? text;
      const tag = element.tagName.toLowerCase();
      const kind = element.classList.contains('mantine-Badge-root')
        ? 'badge'
        : element.getAttribute('role') ?? (tag === 'a' ? 'link-button' : tag);
      return `${kind} "${name.slice(0, 60)}"`;
    };
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none';
    };
    // Text is cut when a box clips (overflow other than visible, or an ellipsis) and its content is wider.
    const cut = (element: Element) => {
      const style = getComputedStyle(element);
      const clips = style.textOverflow === 'ellipsis' || (style.overflowX !== 'visible' && style.overflowX !== 'auto' && style.overflowX !== 'scroll');
      return clips && element.scrollWidth > element.clientWidth + 1 && (element.textContent ?? '').trim() !== '';
    };
    const reported = new Set<Element>();
    for (const control of document.querySelectorAll(selector)) {
      // Inert or hidden parts (a collapsed side panel) are not on screen for anyone.
      if (!visible(control) || control.closest('[data-layout-check="skip"], [inert], [aria-hidden="true"]')) continue;
      const parts = [control, ...control.querySelectorAll('*')].filter((part) => visible(part) && part.tagName !== 'INPUT' && part.tagName !== 'svg');
      if (parts.some(cut)) {
        problems.push(`${describe(control)} is cut`);
        reported.add(control);
        continue;
      }
      const box = control.getBoundingClientRect();
      if (box.right > root.clientWidth + 1 || box.left < -1) {
        problems.push(`${describe(control)} lies beyond the screen's edge (${Math.round(box.left)}-${Math.round(box.right)}px)`);
      }
    }
    // A table that scrolls sideways inside the page hides its far columns: on a phone, tables become cards.
    const hiddenCells = [...document.querySelectorAll('td, th')].filter(
      (cell) =>
        visible(cell) &&
        // A phone card's column headers are visually hidden (clipped), read by screen readers only.
        getComputedStyle(cell.closest('thead') ?? cell).clip === 'auto' &&
        !cell.closest('[inert], [aria-hidden="true"]') &&
        cell.getBoundingClientRect().right > root.clientWidth + 1,
    );
    if (hiddenCells.length > 0) {
      problems.push(`${hiddenCells.length} table cells lie beyond the screen's edge, e.g. "${(hiddenCells[0]?.textContent ?? '').trim().slice(0, 40)}"`);
    }
    // Any other text an ellipsis shortens (a cell, a title) is cut too.
    for (const element of document.querySelectorAll('body *')) {
      if (element.tagName === 'INPUT' || element.tagName === 'TEXTAREA' || !visible(element)) continue;
      if (element.closest('[data-layout-check="skip"], [inert], [aria-hidden="true"]') || [...reported].some((r) => r.contains(element))) continue;
      if (getComputedStyle(element).textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth + 1) {
        problems.push(`text "${(element.textContent ?? '').trim().slice(0, 60)}" is cut by an ellipsis`);
      }
    }
    return problems;
  }, LABELLED);
}

/** Fails when the page scrolls sideways or a badge, button or tab label is cut (see layoutProblems). */
export async function expectLaidOut(page: Page, label: string): Promise<void> {
  await test.step(`layout: ${label}`, () => layoutCheck(page, label), { box: true });
}

async function layoutCheck(page: Page, label: string): Promise<void> {
  // Fonts and late layout (lazy screens, query results) change widths: measure once they settle.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const width = page.viewportSize()?.width ?? 0;
  await expect.poll(() => layoutProblems(page), { message: `layout of ${label} at ${width}px`, timeout: 3_000 }).toEqual([]);
}
