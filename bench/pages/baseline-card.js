// The hand-written baseline: the same card the SDK shows for the first offer, drawn with
// createElement/textContent in a shadow root with one constructed stylesheet. Every part a person
// sees on the SDK's card is here: close button, image at a fixed request size, advertiser line,
// headline, description, the two CTAs, "More offers" and "Save for later" with their icons, the
// mini text, the terms toggle (closed), the privacy link, and the navigation with its progress.
// What it leaves out is what a page drawing one card by hand would skip: normalising and checking
// the response, the short/long text pair a container query picks from, theming from the response,
// the live region, tracking, bridges. The benchmark times it side by side with the SDK; `lean`
// draws only image, headline, description and the two CTAs (the figure of the first session).
(() => {
  const CSS = `
    :host { display: block; font: 16px/1.4 system-ui, sans-serif; color: #1f2330; }
    button, a { font: inherit; color: inherit; }
    .unit { position: relative; border: 1px solid #d9dce3; border-radius: 12px; background: #fff; padding: 12px; }
    .header { display: flex; justify-content: flex-end; margin-bottom: 8px; }
    .icon-button { display: inline-grid; place-items: center; width: 44px; height: 44px; border: 1px solid #d9dce3;
      border-radius: 50%; background: #fff; cursor: pointer; }
    .card { display: grid; gap: 12px; }
    .media { width: 100%; aspect-ratio: 191 / 100; border-radius: 8px; overflow: hidden; background: #eef0f4; }
    .media img { display: block; width: 100%; height: 100%; object-fit: cover; }
    .advertiser { margin: 0; font-size: 0.8125rem; font-weight: 600; color: #5c6373; }
    .headline { margin: 0; font-size: 1.25rem; line-height: 1.25; }
    .description { margin: 0; color: #3a4150; }
    .actions { display: flex; flex-wrap: wrap; gap: 8px; }
    .actions button { flex: 1 1 auto; min-height: 44px; border-radius: 8px; cursor: pointer; }
    .accept { border: 0; background: #5b3df5; color: #fff; font-weight: 700; }
    .decline { border: 1px solid #d9dce3; background: #fff; }
    .extras { display: flex; flex-wrap: wrap; gap: 4px 16px; }
    .extra { display: inline-flex; align-items: center; gap: 6px; min-height: 32px; padding: 0; border: 0;
      background: none; color: #5b3df5; font-size: 0.875rem; font-weight: 600; text-decoration: none; cursor: pointer; }
    .mini-text { margin: 0; font-size: 0.75rem; color: #5c6373; }
    .legal { display: flex; justify-content: space-between; align-items: center; gap: 8px;
      border-top: 1px solid #d9dce3; padding-top: 8px; font-size: 0.8125rem; }
    .toggle { display: inline-flex; align-items: center; gap: 4px; min-height: 32px; padding: 0 4px; border: 0;
      background: none; text-decoration: underline; cursor: pointer; }
    .chevron { width: 6px; height: 6px; border: solid currentColor; border-width: 0 1.5px 1.5px 0; transform: rotate(45deg); }
    .privacy { color: #5c6373; }
    .nav { display: flex; align-items: center; justify-content: space-between; gap: 8px; margin-top: 12px; }
    .nav-button { display: inline-flex; align-items: center; gap: 6px; min-height: 44px; padding: 0 14px;
      border: 1px solid #d9dce3; border-radius: 22px; background: #fff; font-weight: 700; cursor: pointer; }
    .nav-button[aria-disabled='true'] { opacity: 0.45; cursor: default; }
    .previous svg { transform: scaleX(-1); }
    .progress { margin: 0; font-size: 0.875rem; color: #5c6373; }
  `;
  const SVG = 'http://www.w3.org/2000/svg';
  let sheet;

  const el = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };

  /** An `aria-hidden` SVG icon of one path. */
  const icon = (viewBox, d, size = 16) => {
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('viewBox', viewBox);
    svg.setAttribute('width', String(size));
    svg.setAttribute('height', String(size));
    svg.setAttribute('aria-hidden', 'true');
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    path.setAttribute('fill', 'none');
    path.setAttribute('stroke', 'currentColor');
    path.setAttribute('stroke-width', '2');
    svg.append(path);
    return svg;
  };

  const button = (className, ...children) => {
    const node = el('button', className);
    node.type = 'button';
    node.append(...children);
    return node;
  };

  const link = (className, href, ...children) => {
    const node = el('a', className);
    node.href = href;
    node.target = '_blank';
    node.rel = 'noopener noreferrer';
    node.append(...children);
    return node;
  };

  /** The first offer's image: `image`, else the primary creative. */
  const imageOf = (offer) => offer.image ?? offer.creatives?.find((c) => c.is_primary)?.url;

  function media(offer, requestWidth) {
    const frame = el('div', 'media');
    const img = el('img');
    img.alt = '';
    img.width = 560;
    img.height = 293;
    img.decoding = 'async';
    const url = imageOf(offer);
    if (url) img.src = `${url}?width=${requestWidth}&aspect_ratio=191:100`;
    frame.append(img);
    return frame;
  }

  function actions(offer, onAction) {
    const row = el('div', 'actions');
    const accept = button('accept', offer.cta_yes ?? 'Yes');
    const decline = button('decline', offer.cta_no ?? 'No thanks');
    accept.addEventListener('click', () => onAction('accept'));
    decline.addEventListener('click', () => onAction('decline'));
    row.append(accept, decline);
    return row;
  }

  function extras(offer, onAction) {
    const row = el('div', 'extras');
    if (offer.offerwall_url) {
      const grid = 'M4 4h6.5v6.5H4zM13.5 4H20v6.5h-6.5zM4 13.5h6.5V20H4zM13.5 13.5H20V20h-6.5z';
      row.append(link('extra', offer.offerwall_url, icon('0 0 24 24', grid), el('span', '', 'More offers')));
    }
    if (offer.save_for_later_url) {
      const save = button(
        'extra',
        icon('0 0 24 24', 'M6.5 3.5h11v17l-5.5-4-5.5 4z'),
        el('span', '', 'Save for later'),
      );
      save.addEventListener('click', () => onAction('save'));
      row.append(save);
    }
    return row;
  }

  function legal(offer, privacyUrl, onAction) {
    const row = el('div', 'legal');
    if (offer.terms_and_conditions) {
      const toggle = button('toggle', el('span', '', 'Terms and conditions'), el('span', 'chevron'));
      toggle.setAttribute('aria-expanded', 'false');
      toggle.addEventListener('click', () => onAction('terms'));
      row.append(toggle);
    }
    if (privacyUrl) row.append(link('privacy', privacyUrl, 'Privacy'));
    return row;
  }

  function nav(total, onAction) {
    const row = el('div', 'nav');
    row.setAttribute('role', 'group');
    row.setAttribute('aria-label', 'Offer navigation');
    const chevron = () => icon('0 0 16 16', 'M6 3l5 5-5 5');
    const previous = button('nav-button previous', chevron(), el('span', '', 'Previous'));
    previous.setAttribute('aria-label', 'Previous offer');
    previous.setAttribute('aria-disabled', 'true');
    const next = button('nav-button next', el('span', '', 'Next'), chevron());
    next.setAttribute('aria-label', 'Next offer');
    previous.addEventListener('click', () => onAction('previous'));
    next.addEventListener('click', () => onAction('next'));
    row.append(previous, el('p', 'progress', `1 of ${total}`), next);
    return row;
  }

  /**
   * Renders the first offer of `raw` (the service's JSON) into a new shadow host appended to
   * `slot`; returns the host. `onAction` is called with the part's name ('accept', 'decline',
   * 'close', …). `lean: true` draws only image, headline, description and the two CTAs;
   * `imageWidth` is the width the image is requested at (560 unless given).
   */
  function renderBaselineCard(slot, raw, onAction = () => {}, { lean = false, imageWidth = 560 } = {}) {
    sheet ??= new CSSStyleSheet();
    if (sheet.cssRules.length === 0) sheet.replaceSync(CSS);
    const { offers, privacy_url: privacyUrl } = raw.data;
    const offer = offers[0];
    const host = el('div', 'baseline-host');
    const root = host.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [sheet];

    const unit = el('section', 'unit');
    unit.setAttribute('aria-label', 'Offers');
    const header = el('div', 'header');
    const close = button('icon-button close', icon('0 0 16 16', 'M3.5 3.5l9 9m0-9l-9 9'));
    close.setAttribute('aria-label', 'Close');
    close.addEventListener('click', () => onAction('close'));
    header.append(close);

    const card = el('article', 'card');
    card.append(media(offer, imageWidth));
    if (!lean) card.append(el('p', 'advertiser', `Offer from ${offer.advertiser_name}`));
    card.append(
      el('h2', 'headline', offer.title ?? offer.short_headline ?? ''),
      el('p', 'description', offer.description ?? offer.short_description ?? ''),
      actions(offer, onAction),
    );
    if (!lean) {
      card.append(extras(offer, onAction));
      if (offer.mini_text) card.append(el('p', 'mini-text', offer.mini_text));
      card.append(legal(offer, privacyUrl, onAction));
    }
    unit.append(header, card);
    if (!lean && offers.length > 1) unit.append(nav(offers.length, onAction));
    root.append(unit);
    slot.append(host);
    return host;
  }

  window.renderBaselineCard = renderBaselineCard;
})();
