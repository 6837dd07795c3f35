// The conformance table of `renderOffers` (adpx-offers/ssr): what it must do on every runtime.
// Plain JavaScript with no runtime module (workerd runs it bundled): each case gets `renderOffers`
// and throws when the answer is wrong. Hostile fragments go into every field of an offer and into
// the unit's attributes; the HTML must keep them as text or drop them (the model's checks), and
// nothing in it may run script. Fuzzed shapes (seeded, so a failure repeats) must give HTML or an
// `OffersError`, never another throw. Whether a hostile page runs anything in a browser is checked
// in e2e/ssr.spec.ts, from the same table.

/** Hostile fragments, each with why it is in the table. */
export const HOSTILE = [
  ['<script>globalThis.pwned=1</script>', 'a script element in text'],
  ['<img src=x onerror="globalThis.pwned=1">', 'an event handler attribute in text'],
  ['"><svg onload=globalThis.pwned=1>', 'breaking out of an attribute value'],
  ["'><iframe srcdoc='<script>parent.pwned=1</script>'>", 'single-quoted break-out, srcdoc'],
  ['</template><script>globalThis.pwned=1</script>', 'closing the declarative shadow root'],
  ['</script><script>globalThis.pwned=1</script>', 'closing the JSON script the unit carries'],
  ['<!--<script>globalThis.pwned=1</script>-->', 'a comment that hides markup'],
  ['<!--lit-part--><b>x</b><!--/lit-part-->', "Lit's own hydration markers"],
  ['javascript:globalThis.pwned=1', 'a javascript: URL'],
  ['  JaVaScRiPt:globalThis.pwned=1', 'a javascript: URL with case and spaces'],
  ['data:text/html,<script>globalThis.pwned=1</script>', 'a data: URL'],
  ['\u2028\u2029<\u0000script>', 'line separators and a NUL'],
  ['<style>*{background:url(javascript:globalThis.pwned=1)}</style>', 'a style element'],
  ['red;}</style><script>globalThis.pwned=1</script>', 'a colour that closes the style'],
  ['{{constructor.constructor("globalThis.pwned=1")()}}', 'template-injection syntax'],
  ['<math><mtext><table><mglyph><style><img src=x onerror=globalThis.pwned=1>', 'mXSS-style nesting'],
];

/** A well-formed offer, as the service sends it. */
export function offer(id, fields = {}) {
  return {
    id,
    campaign_id: 501,
    title: `Offer ${id}`,
    description: 'Watch series and films.',
    cta_yes: 'Yes please',
    cta_no: 'No thanks',
    advertiser_name: 'StreamMax',
    click_url: `https://offers.example/click/${id}`,
    pixel: `https://offers.example/pixel/${id}`,
    image: 'https://offers.example/img/hero.png',
    creatives: [{ url: 'https://offers.example/img/hero.png', is_primary: true, width: 1200, height: 628 }],
    terms_and_conditions: '<p>Terms apply.</p>',
    ...fields,
  };
}

export const envelope = (offers, data = {}) => ({ data: { offers, count: offers.length, ...data } });

export const TEXT_FIELDS = [
  'title',
  'description',
  'short_headline',
  'short_description',
  'cta_yes',
  'cta_no',
  'advertiser_name',
  'mini_text',
  'terms_and_conditions',
  'loyaltyboost_requirements',
];
export const URL_FIELDS = [
  'click_url',
  'pixel',
  'image',
  'offerwall_url',
  'save_for_later_url',
  'qr_code_img',
];

function check(condition, message) {
  if (!condition) throw new Error(message);
}

const JSON_SCRIPT = /<script type="application\/json"[^>]*>([\s\S]*?)<\/script>/;
const TAG = /<([a-zA-Z][^\s/>]*)((?:\s+[^\s"'=<>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** The markup outside the JSON script that the unit carries. */
export const markupOf = (html) => html.replace(JSON_SCRIPT, '');

/**
 * The HTML has no way to run script: read as tags and attributes (values as Lit quoted them), it
 * has no script element but the unit's JSON, no element that runs or embeds content, no `on*`
 * attribute and no script URL; the JSON has no `<` or `>`; the unit and its shadow root are
 * closed once, at the end.
 */
export function assertInert(html) {
  const json = html.match(JSON_SCRIPT)?.[1] ?? '';
  check(!/[<>]/.test(json), 'a < or > inside the JSON script');
  const markup = markupOf(html);
  for (const [, name, attributes] of markup.matchAll(TAG)) {
    const tag = name.toLowerCase();
    check(
      !['script', 'iframe', 'object', 'embed', 'math', 'style', 'link', 'meta', 'base', 'form'].includes(
        tag,
      ) ||
        (tag === 'style' && attributes.trim() === ''),
      `a <${tag}> element`,
    );
    for (const [, attribute, ...values] of attributes.matchAll(ATTRIBUTE)) {
      const value = (values.find((v) => v !== undefined) ?? '').replace(/&#?\w+;/g, '').replace(/\s/g, '');
      check(!/^on/i.test(attribute), `an ${attribute} attribute on <${tag}>`);
      if (['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href'].includes(attribute.toLowerCase()))
        check(!/^(?:javascript|data|vbscript):/i.test(value), `a script URL in ${attribute}`);
    }
  }
  check(html.split('</adpx-offers>').length === 2, 'the unit was closed early');
  check(html.split('</template>').length === 2, 'the shadow root was closed early');
}

async function rejectsWithOffersError(promise, code) {
  try {
    await promise;
  } catch (error) {
    check(error?.name === 'OffersError', `threw ${error?.name}: ${error?.message}`);
    if (code) check(error.code === code, `code ${error.code}, expected ${code}`);
    return error;
  }
  throw new Error('resolved, expected an OffersError');
}

/** A small seeded generator (mulberry32), so a fuzz failure repeats. */
function random(seed) {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/** Any JSON-ish value, biased towards the shapes of an offers response. */
function fuzzValue(next, depth = 0) {
  const pick = Math.floor(next() * 12);
  const hostile = HOSTILE[Math.floor(next() * HOSTILE.length)][0];
  switch (pick) {
    case 0:
      return null;
    case 1:
      return Math.floor(next() * 2 ** 31) * (next() < 0.5 ? -1 : 1);
    case 2:
      return [NaN, Infinity, -0, 1e308, 0.5][Math.floor(next() * 5)];
    case 3:
      return hostile;
    case 4:
      return next() < 0.5;
    case 5:
      return depth > 3
        ? 'x'
        : Array.from({ length: Math.floor(next() * 4) }, () => fuzzValue(next, depth + 1));
    case 6:
      return depth > 3
        ? {}
        : offer(Math.floor(next() * 5), {
            [TEXT_FIELDS[Math.floor(next() * TEXT_FIELDS.length)]]: fuzzValue(next, depth + 1),
          });
    case 7:
      return depth > 3 ? {} : { data: fuzzValue(next, depth + 1) };
    case 8:
      return depth > 3
        ? {}
        : {
            offers: fuzzValue(next, depth + 1),
            styles: fuzzValue(next, depth + 1),
            settings: fuzzValue(next, depth + 1),
          };
    case 9:
      return JSON.stringify(fuzzValue(next, depth + 1) ?? null);
    case 10:
      return depth > 3
        ? ''
        : offer(1, { id: fuzzValue(next, depth + 1), click_url: fuzzValue(next, depth + 1) });
    default:
      return 'x'.repeat(Math.floor(next() * 300));
  }
}

export const CASES = [
  {
    name: 'renders the first card in a declarative shadow root, with its texts',
    async run(renderOffers) {
      const html = await renderOffers({
        response: envelope([offer(1), offer(2)]),
        placement: 'checkout',
        lang: 'fr',
      });
      check(
        html.includes('<adpx-offers') && html.includes('shadowrootmode="open"'),
        'no declarative shadow root',
      );
      check(html.includes('>Offer 1</h2>') && !html.includes('Offer 2</h2>'), 'not the first card only');
      check(html.includes('>Yes please</button>'), 'no CTA text');
      check(html.includes('lang="fr"') && html.includes('>1 sur 2<'), 'not in French');
      check(/<adpx-offers[^>]*\sinert[\s>]/.test(html), 'not inert until the script');
      check(!markupOf(html).includes('Terms apply'), 'terms rendered');
      check(html.includes('"offers":[1,2]'), 'no server state');
      assertInert(html);
    },
  },
  {
    name: 'gives each card its image sources, so the image loads with the HTML',
    async run(renderOffers) {
      const html = await renderOffers({ response: envelope([offer(1), offer(2)]), layout: 'list' });
      const images = [...markupOf(html).matchAll(/<img\s[^>]*part="image"[^>]*>/g)].map(([tag]) => tag);
      check(images.length === 2, `${images.length} card images, expected 2`);
      for (const tag of images) {
        const url = 'https://offers.example/img/hero.png?width=400&#38;aspect_ratio=191%3A100';
        check(tag.includes(` src="${url}"`), `no src for a phone's frame: ${tag}`);
        check(
          tag.includes(`${url} 400w,`) && tag.includes('width=1200&#38;aspect_ratio=191%3A100 1200w"'),
          'no srcset',
        );
        check(tag.includes(' sizes="400px"') && tag.includes(' width="400" height="209"'), 'no size');
      }
      const bare = await renderOffers({
        response: envelope([offer(1, { image: undefined, creatives: [] })]),
      });
      check(
        !/<img\s[^>]*part="image"[^>]*\ssrc=/.test(markupOf(bare)),
        'an offer without an image got a src',
      );
      assertInert(html);
    },
  },
  {
    name: 'renders every layout and heading level it is given',
    async run(renderOffers) {
      for (const layout of ['inline', 'popup', 'fullscreen', 'list']) {
        const html = await renderOffers({
          response: envelope([offer(1), offer(2)]),
          layout,
          heading: 'Picked',
          'heading-level': 3,
        });
        check(html.includes(`"layout":"${layout}"`), `layout ${layout}`);
        check(html.includes('>Picked</h2>') && html.includes('aria-level="3"'), `heading in ${layout}`);
        assertInert(html);
      }
    },
  },
  {
    name: 'keeps every hostile fragment of an offer as text or drops it',
    async run(renderOffers) {
      for (const [fragment, why] of HOSTILE) {
        const fields = {};
        for (const field of TEXT_FIELDS) fields[field] = fragment;
        for (const field of URL_FIELDS) fields[field] = fragment;
        const response = envelope([offer(1, fields), offer(2, { title: fragment })], {
          privacy_url: fragment,
          styles: { primary_color: fragment, background_color: fragment },
        });
        let html;
        try {
          html = await renderOffers({ response, heading: fragment, placement: fragment });
        } catch (error) {
          check(error?.name === 'OffersError', `${why}: threw ${error?.name}`);
          continue;
        }
        try {
          assertInert(html);
        } catch (error) {
          throw new Error(`${why}: ${error.message}`);
        }
      }
    },
  },
  {
    name: 'refuses an attribute the unit does not have, or a bad value, with an OffersError',
    async run(renderOffers) {
      const response = envelope([offer(1)]);
      await rejectsWithOffersError(
        renderOffers({ response, onclick: 'globalThis.pwned=1' }),
        'invalid_request',
      );
      await rejectsWithOffersError(renderOffers({ response, '"><script>': 'x' }), 'invalid_request');
      await rejectsWithOffersError(
        renderOffers({ response, heading: { toString: () => 'x' } }),
        'invalid_request',
      );
      await rejectsWithOffersError(renderOffers({ response, 'heading-level': Infinity }), 'invalid_request');
      await rejectsWithOffersError(renderOffers(null), 'invalid_request');
    },
  },
  {
    name: 'rejects a response that is not an offers response with invalid_response',
    async run(renderOffers) {
      for (const response of [
        undefined,
        null,
        42,
        'not json',
        '[]',
        [],
        {},
        { data: {} },
        { data: { offers: 'x' } },
      ])
        await rejectsWithOffersError(renderOffers({ response }), 'invalid_response');
    },
  },
  {
    name: 'fuzzed shapes give HTML or an OffersError, never another throw',
    async run(renderOffers) {
      const next = random(0x5eed);
      for (let i = 0; i < 150; i++) {
        const response = fuzzValue(next);
        try {
          assertInert(await renderOffers({ response, layout: next() < 0.5 ? 'list' : 'inline' }));
        } catch (error) {
          if (error?.name !== 'OffersError') throw new Error(`shape ${i}: ${error?.name}: ${error?.message}`);
        }
      }
    },
  },
];

/** Runs every case; resolves with `{ passed, failures: [{ name, message }] }`. */
export async function runCases(renderOffers) {
  const failures = [];
  let passed = 0;
  for (const testCase of CASES) {
    try {
      await testCase.run(renderOffers);
      passed += 1;
    } catch (error) {
      failures.push({ name: testCase.name, message: String(error?.stack ?? error) });
    }
  }
  return { passed, failures };
}
