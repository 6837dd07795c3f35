// Waiting for a page's animations to end, for the end-to-end tests (e2e/fixtures.ts) and the
// language screenshots (scripts/language-shots.mjs): geometry or pixels read afterwards are the
// settled layout, not a frame of the popup's rise or the card's fade.

/**
 * Runs in the page (`page.evaluate(settleAnimations)`). Resolves when no finite animation is left
 * in the document or in any shadow root below it. The shadow roots are walked one by one because
 * engines differ: `document.getAnimations()` leaves out animations inside shadow trees in
 * Chromium 150 (Debian's package) and includes them in Chromium 156. Waits for states, never for
 * a time; the count it returns lets a test check that it saw the animations it waited for.
 * @returns {Promise<number>} how many animations it waited for
 */
export async function settleAnimations() {
  const finite = () => {
    const roots = [document];
    for (let i = 0; i < roots.length; i++) {
      for (const element of roots[i].querySelectorAll('*')) {
        if (element.shadowRoot) roots.push(element.shadowRoot);
      }
    }
    const animations = new Set(roots.flatMap((root) => root.getAnimations()));
    return [...animations].filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
  };
  let waited = 0;
  for (let pending = finite(); pending.length > 0; pending = finite()) {
    waited += pending.length;
    await Promise.all(pending.map((a) => a.finished.catch(() => undefined)));
  }
  return waited;
}
