// The hand-written baseline: the same card as the SDK's first card (headline, description, an
// image of fixed size, two buttons, a close button) built with createElement/textContent in a
// shadow root with one constructed stylesheet. No framework, no normalising, no tracking: the
// least a page could do to show this offer. The benchmark times it side by side with the SDK.
(() => {
  const CSS = `
    :host { display: block; font: 16px/1.4 system-ui, sans-serif; color: #1d2330; }
    .unit { position: relative; border: 1px solid #d9dce3; border-radius: 12px; background: #fff; padding: 16px; }
    .close { position: absolute; top: 8px; right: 8px; width: 32px; height: 32px; border: 0;
      border-radius: 50%; background: transparent; font-size: 20px; cursor: pointer; }
    .card { display: grid; gap: 12px; }
    .media { width: 100%; aspect-ratio: 1200 / 628; border-radius: 8px; overflow: hidden; background: #eef0f4; }
    .media img { display: block; width: 100%; height: 100%; object-fit: cover; }
    .headline { margin: 0; font-size: 1.25rem; line-height: 1.25; }
    .description { margin: 0; color: #4a5262; }
    .actions { display: flex; flex-wrap: wrap; gap: 8px; }
    .actions button { flex: 1 1 auto; min-height: 44px; border-radius: 8px; font: inherit; cursor: pointer; }
    .accept { border: 0; background: #2f5bea; color: #fff; }
    .decline { border: 1px solid #d9dce3; background: #fff; color: inherit; }
  `;
  let sheet;

  const el = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };

  /** The first offer's image: `image`, else the primary creative. */
  const imageOf = (offer) => offer.image ?? offer.creatives?.find((c) => c.is_primary)?.url;

  /**
   * Renders the first offer of `raw` (the service's JSON) into a new shadow host appended to
   * `slot`; returns the host. `onAction` is called with 'accept', 'decline' or 'close'.
   */
  function renderBaselineCard(slot, raw, onAction = () => {}) {
    sheet ??= new CSSStyleSheet();
    if (sheet.cssRules.length === 0) sheet.replaceSync(CSS);
    const offer = raw.data.offers[0];
    const host = el('div', 'baseline-host');
    const root = host.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [sheet];

    const unit = el('section', 'unit');
    unit.setAttribute('aria-label', 'Offers');
    const close = el('button', 'close', '×');
    close.type = 'button';
    close.setAttribute('aria-label', 'Close');
    close.addEventListener('click', () => onAction('close'));

    const card = el('article', 'card');
    const media = el('div', 'media');
    const img = el('img');
    img.alt = '';
    img.width = 552;
    img.height = 289;
    img.decoding = 'async';
    const url = imageOf(offer);
    if (url) img.src = `${url}?width=552&aspect_ratio=1200:628`;
    media.append(img);

    const headline = el('h2', 'headline', offer.title ?? offer.short_headline ?? '');
    const description = el('p', 'description', offer.description ?? offer.short_description ?? '');
    const actions = el('div', 'actions');
    const accept = el('button', 'accept', offer.cta_yes ?? 'Yes');
    const decline = el('button', 'decline', offer.cta_no ?? 'No thanks');
    accept.type = decline.type = 'button';
    accept.addEventListener('click', () => onAction('accept'));
    decline.addEventListener('click', () => onAction('decline'));
    actions.append(accept, decline);

    card.append(media, headline, description, actions);
    unit.append(close, card);
    root.append(unit);
    slot.append(host);
    return host;
  }

  window.renderBaselineCard = renderBaselineCard;
})();
