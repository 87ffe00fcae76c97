import type { Locator } from 'playwright-core';

/**
 * Each element behind `locator` whose content is wider than its box (a figure running past its
 * card or cell) or whose box reaches past `container`'s: what it reads and by how many px.
 */
export const spilling = (locator: Locator, container: string) =>
  locator.evaluateAll(
    (elements, selector) =>
      elements
        .map((element: any) => {
          const box = element.closest(selector) ?? element;
          const rect = element.getBoundingClientRect();
          const outer = box.getBoundingClientRect();
          const by = Math.max(element.scrollWidth - element.clientWidth, Math.ceil(rect.right - outer.right));
          return { text: element.textContent.trim() as string, by };
        })
        .filter((entry) => entry.by > 0),
    container,
  );
