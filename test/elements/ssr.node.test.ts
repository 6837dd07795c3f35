// @vitest-environment node
/**
 * Lit SSR runs an element's `willUpdate()` and `render()` in Node (never `update()` or
 * `updated()`): a unit given a response renders there without touching the DOM. The only DOM is
 * Lit's own shim, which `@lit-labs/ssr` installs.
 */
import { describe, expect, it } from 'vitest';
import { render } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import { html } from 'lit';

describe('server rendering (Lit SSR, Node)', () => {
  it('renders a unit given a response without throwing', { timeout: 30_000 }, async () => {
    const { defineElements } = await import('../../src/elements/registry.js');
    defineElements(customElements);
    const response = {
      data: {
        offers: [
          {
            id: 7,
            title: 'Offer 7',
            description: 'A description',
            click_url: 'https://click.example/7',
            terms_and_conditions: '<p>Terms</p>',
          },
        ],
      },
    };
    const markup = await collectResult(
      render(html`<adpx-offers placement="checkout" .response=${response}></adpx-offers>`),
    );
    expect(markup).toContain('<adpx-offers');
    expect(markup).toContain('shadowroot');
    expect(markup).toContain('part="accept"'); // the card itself, not an empty unit
  });
});
