/**
 * The terms sanitiser, case by case, in DOMPurify's `test/fixtures/expect.mjs` style: each case
 * says why it exists. `expect` is the rendered terms' `innerHTML` in Chromium after
 * `<adpx-terms>` sanitised and inserted `input` (the parser's repairs included, e.g. `<tbody>`).
 * Every link gets `target="_blank" rel="noopener noreferrer"`; kept hrefs are normalised by `URL`.
 */
export interface SanitizeCase {
  why: string;
  input: string;
  expect: string;
  /**
   * Where the browser's own sanitiser (`Element.setHTML` with the same allowlist) gives another,
   * equally safe result than DOMPurify: the expected `innerHTML` on that path, and why it differs.
   */
  native?: { expect: string; why: string };
}

const REL = 'target="_blank" rel="noopener noreferrer"';
const link = (href: string, text: string): string => `<a href="${href}" ${REL}>${text}</a>`;
const bare = (text: string): string => `<a ${REL}>${text}</a>`;

export const sanitizeCases: readonly SanitizeCase[] = [
  // Every element of the spec's list survives, with its text.
  {
    why: 'spec allows p and strong',
    input: '<p>Valid until <strong>31 December</strong>.</p>',
    expect: '<p>Valid until <strong>31 December</strong>.</p>',
  },
  { why: 'spec allows small', input: '<small>Fine print</small>', expect: '<small>Fine print</small>' },
  {
    why: 'spec allows ul and li',
    input: '<ul><li>One per customer</li><li>New accounts only</li></ul>',
    expect: '<ul><li>One per customer</li><li>New accounts only</li></ul>',
  },
  {
    why: 'spec allows ol',
    input: '<ol><li>Sign up</li><li>Buy</li></ol>',
    expect: '<ol><li>Sign up</li><li>Buy</li></ol>',
  },
  {
    why: 'spec allows b, i, u and s',
    input: '<b>bold</b> <i>italic</i> <u>under</u> <s>was $10</s>',
    expect: '<b>bold</b> <i>italic</i> <u>under</u> <s>was $10</s>',
  },
  {
    why: 'spec allows sub and sup',
    input: 'H<sub>2</sub>O and 10<sup>*</sup>',
    expect: 'H<sub>2</sub>O and 10<sup>*</sup>',
  },
  {
    why: 'spec allows span',
    input: '<span>Offer code SAVE10</span>',
    expect: '<span>Offer code SAVE10</span>',
  },
  {
    why: 'spec allows a with an https href; target and rel are added',
    input: '<a href="https://example.com/terms">Full terms</a>',
    expect: link('https://example.com/terms', 'Full terms'),
  },
  {
    why: 'spec allows table and tr; td is needed or the cell text falls out; the parser adds tbody',
    input: '<table><tr><td>Fee</td><td>$0</td></tr></table>',
    expect: '<table><tbody><tr><td>Fee</td><td>$0</td></tr></tbody></table>',
  },
  {
    why: 'thead and th keep a header row intact',
    input:
      '<table><thead><tr><th>Plan</th><th>Price</th></tr></thead><tbody><tr><td>Gold</td><td>$5</td></tr></tbody></table>',
    expect:
      '<table><thead><tr><th>Plan</th><th>Price</th></tr></thead><tbody><tr><td>Gold</td><td>$5</td></tr></tbody></table>',
  },
  {
    why: 'br keeps a line break',
    input: 'Line one<br>Line two<br/>Line three',
    expect: 'Line one<br>Line two<br>Line three',
  },
  { why: 'plain text passes as text', input: 'No purchase necessary.', expect: 'No purchase necessary.' },
  {
    why: 'escaped characters stay text, never markup',
    input: '<p>5 &lt; 6 &amp; 7 &gt; 3 &lt;script&gt;</p>',
    expect: '<p>5 &lt; 6 &amp; 7 &gt; 3 &lt;script&gt;</p>',
  },
  {
    why: 'truncated terms (model length cap) are repaired by the parser',
    input: '<p>Offer ends <b>soon',
    expect: '<p>Offer ends <b>soon</b></p>',
  },

  // Link schemes: only absolute https, http, mailto and tel survive.
  {
    why: 'mailto links are kept',
    input: '<a href="mailto:help@example.com">Email us</a>',
    expect: link('mailto:help@example.com', 'Email us'),
  },
  {
    why: 'tel links are kept',
    input: '<a href="tel:+15551234567">Call</a>',
    expect: link('tel:+15551234567', 'Call'),
  },
  {
    why: 'http links are kept',
    input: '<a href="http://example.com/">Site</a>',
    expect: link('http://example.com/', 'Site'),
  },
  {
    why: 'kept hrefs are the URL parser normalised form (what the browser would open)',
    input: '<a href="HTTPS://Example.COM/a b?q=1 2">x</a>',
    expect: link('https://example.com/a%20b?q=1%202', 'x'),
  },
  {
    why: 'surrounding whitespace is trimmed by the URL parser, as a browser does',
    input: '<a href="  \thttps://example.com/t\n ">x</a>',
    expect: link('https://example.com/t', 'x'),
  },
  { why: 'javascript: href removed', input: '<a href="javascript:alert(1)">x</a>', expect: bare('x') },
  {
    why: 'mixed-case JaVaScRiPt: href removed',
    input: '<a href="JaVaScRiPt:alert(1)">x</a>',
    expect: bare('x'),
  },
  {
    why: 'entity-encoded javascript: href removed',
    input: '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
    expect: bare('x'),
  },
  {
    why: 'hex entities and &colon; decode to javascript:, removed',
    input: '<a href="&#x6A;avascript&colon;alert(1)">x</a>',
    expect: bare('x'),
  },
  {
    why: 'tab-split java&#9;script: removed (the URL parser strips tabs)',
    input: '<a href="java&#9;script:alert(1)">x</a>',
    expect: bare('x'),
  },
  {
    why: 'newline-split javascript: removed',
    input: '<a href="java\nscript:alert(1)">x</a>',
    expect: bare('x'),
  },
  {
    why: 'leading whitespace before javascript: removed',
    input: '<a href=" \u0001javascript:alert(1)">x</a>',
    expect: bare('x'),
  },
  {
    why: 'data: href removed (HTML with script)',
    input: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    expect: bare('x'),
  },
  { why: 'vbscript: href removed', input: '<a href="vbscript:msgbox(1)">x</a>', expect: bare('x') },
  {
    why: 'relative href removed (would resolve against the host page)',
    input: '<a href="/account/delete">x</a>',
    expect: bare('x'),
  },
  { why: 'protocol-relative href removed', input: '<a href="//evil.example/x">x</a>', expect: bare('x') },
  { why: 'other schemes (ftp:) removed', input: '<a href="ftp://example.com/f">x</a>', expect: bare('x') },
  { why: 'a without href still gets target and rel', input: '<a>no link</a>', expect: bare('no link') },
  {
    why: 'duplicate href: the parser keeps the first, safe one',
    input: '<a href="https://example.com/" href="javascript:alert(1)">x</a>',
    expect: link('https://example.com/', 'x'),
  },
  {
    why: 'duplicate href: the parser keeps the first, unsafe one, which is removed',
    input: '<a href="javascript:alert(1)" href="https://example.com/">x</a>',
    expect: bare('x'),
  },
  {
    why: 'target and rel from the input are replaced (no reverse tabnabbing)',
    input: '<a href="https://example.com/" target="_self" rel="opener">x</a>',
    expect: link('https://example.com/', 'x'),
  },
  {
    why: 'ping, download and referrerpolicy on a are removed',
    input:
      '<a href="https://example.com/" ping="https://evil.example/" download referrerpolicy="unsafe-url">x</a>',
    expect: link('https://example.com/', 'x'),
  },
  {
    why: 'href only counts on a: removed from span',
    input: '<span href="https://example.com/">s</span>',
    expect: '<span>s</span>',
  },
  {
    why: 'target only on a: removed from span',
    input: '<span target="_blank" rel="opener">s</span>',
    expect: '<span>s</span>',
  },

  // Attributes other than href never survive.
  {
    why: 'event handlers removed from allowed elements',
    input: '<p onclick="alert(1)" onmouseover="alert(2)">p</p>',
    expect: '<p>p</p>',
  },
  {
    why: 'event handler and autofocus on a link removed',
    input: '<a href="https://example.com/" onfocus="alert(1)" autofocus tabindex="1">x</a>',
    expect: link('https://example.com/', 'x'),
  },
  {
    why: 'style, class and id removed',
    input: '<p style="position:fixed;inset:0" class="x" id="y">p</p>',
    expect: '<p>p</p>',
  },
  {
    why: 'data-* and aria-* attributes removed (and role, title)',
    input: '<span data-x="1" aria-label="l" role="button" title="t">s</span>',
    expect: '<span>s</span>',
  },
  {
    why: 'an is= attribute (customised built-in element) removes the whole element in DOM mode',
    input: '<p is="x-evil">p</p>',
    expect: '',
    native: {
      expect: '<p>p</p>',
      why: 'the native path copies the allowed p with createElement: no is attribute, no is value',
    },
  },

  // Elements outside the list: removed; text kept except for script-like contents.
  {
    why: 'script removed with its contents',
    input: '<p>ok</p><script>alert(1)</script>',
    expect: '<p>ok</p>',
  },
  {
    why: 'style removed with its contents',
    input: '<style>p{color:red}</style><p>ok</p>',
    expect: '<p>ok</p>',
  },
  {
    why: 'template removed with its contents',
    input: '<template><img src=x onerror=alert(1)></template>t',
    expect: 't',
  },
  { why: 'iframe removed', input: '<iframe src="https://evil.example/"></iframe>t', expect: 't' },
  {
    why: 'iframe srcdoc removed',
    input: '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>t',
    expect: 't',
  },
  { why: 'img with onerror removed', input: '<img src=x onerror=alert(1)>after', expect: 'after' },
  {
    why: 'svg removed with its contents',
    input: '<svg onload=alert(1)><a href="javascript:alert(1)"><text>in svg</text></a></svg>x',
    expect: 'x',
  },
  {
    why: 'math removed with its contents',
    input: '<math><mi xlink:href="javascript:alert(1)">x</mi></math>y',
    expect: 'y',
  },
  {
    why: 'form, input and button removed; visible text kept',
    input:
      '<form action="https://evil.example/"><input name="q" value="v"><button formaction="javascript:alert(1)">Go</button></form>',
    expect: 'Go',
  },
  {
    why: 'object and embed removed',
    input: '<object data="x.swf"></object><embed src="x.swf">z',
    expect: 'z',
  },
  {
    why: 'base removed (would re-point every relative URL)',
    input: '<base href="https://evil.example/">t',
    expect: 't',
  },
  {
    why: 'meta refresh removed',
    input: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">t',
    expect: 't',
  },
  {
    why: 'link stylesheet removed',
    input: '<link rel="stylesheet" href="https://evil.example/x.css">t',
    expect: 't',
  },
  {
    why: 'video and its source onerror removed',
    input: '<video><source onerror=alert(1)></video>t',
    expect: 't',
  },
  {
    why: 'details ontoggle removed; text kept',
    input: '<details open ontoggle=alert(1)><summary>S</summary>D</details>',
    expect: 'SD',
  },
  { why: 'body onload removed', input: '<body onload=alert(1)>t</body>', expect: 't' },
  {
    why: 'frameset leaves the parsed document without a body: empty terms, not a sanitiser failure',
    input: '<frameset onload=alert(1)><frame src="javascript:alert(2)"></frameset>',
    expect: '',
  },
  {
    why: 'a whole document: title contents dropped, body text kept',
    input: '<html><head><title>x</title></head><body>t</body></html>',
    expect: 't',
  },
  {
    why: 'div and headings are not in the list: text kept',
    input: '<div><h1>Big</h1>small</div>',
    expect: 'Bigsmall',
  },
  {
    why: 'unknown and custom elements removed, text kept',
    input: '<x-offer>text</x-offer><blink>b</blink>',
    expect: 'textb',
    native: {
      expect: 'b',
      why: 'the browser keeps the text only of listed elements (blink is): custom elements go whole',
    },
  },
  { why: 'comments removed', input: '<!--<img src=x onerror=alert(1)>-->text', expect: 'text' },
  {
    why: 'xmp removed with its raw contents',
    input: '<xmp><img src=x onerror=alert(1)></xmp>t',
    expect: 't',
  },

  // mXSS classics: markup that re-parses differently must not come back to life.
  {
    why: 'mXSS: noscript parsed with scripting off; the img stays inside a title that is removed',
    input: '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    expect: '<p></p>',
    native: { expect: '', why: 'the browser drops noscript with its contents' },
  },
  {
    why: 'mXSS: namespace confusion with nested forms, math and mglyph (DOMPurify 2.0.0 bypass)',
    input: '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
    expect: '',
  },
  {
    why: 'mXSS: svg with a closing p and a style holding an img in an attribute',
    input: '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
    expect: '<p></p>"&gt;',
  },
  {
    why: 'mXSS: math, mglyph, svg, mtext and textarea namespace switch',
    input: '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=alert(1) src=1>">',
    expect: '',
  },
  {
    why: 'mXSS: CDATA in HTML becomes a comment that is removed',
    input: '<p><![CDATA[<img src=x onerror=alert(1)>]]></p>',
    expect: '<p>]]&gt;</p>',
  },
  {
    why: 'textarea removed: its markup-looking text stays inert text',
    input: '<textarea><p title="</textarea><img src=x onerror=alert(1)>">',
    expect: '&lt;p title=""&gt;',
  },

  // DOM clobbering: name/id that would shadow document or form properties.
  {
    why: 'clobbering: form name=body and input name=attributes removed',
    input: '<form name="body"><input name="attributes"></form>ok',
    expect: 'ok',
  },
  {
    why: 'clobbering: img name=getElementById removed',
    input: '<img name="getElementById" src="x">ok',
    expect: 'ok',
  },
  {
    why: 'clobbering: id and name on a link removed, link kept',
    input: '<a id="location" name="cookie" href="https://example.com/">x</a>',
    expect: link('https://example.com/', 'x'),
  },
];
