// The gallery: every layout of <adpx-offers> and every fixture offer as a standalone card, against
// the mock offers service on this origin. Responses are fetched here and handed to the units
// (`unit.response = …`, the API prefetch way) so that the colour source can be switched.

const ENDPOINT = `${location.origin}/native/v2/offers.json`;
const BRAND = {
  '--adpx-primary-color': '#0f766e',
  '--adpx-on-primary-color': '#ffffff',
  '--adpx-radius': '6px',
  '--adpx-font-family': 'Georgia, "Times New Roman", serif',
};

const controls = document.getElementById('controls');
const setting = (name) => controls.elements.namedItem(name);

/** One fresh answer of the mock service (a new session, so each unit tracks on its own). */
async function fetchOffers(query = {}) {
  const url = new URL(ENDPOINT);
  url.searchParams.set('api_key', 'demo-key');
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ placement: 'gallery', dev: '1' }),
  });
  if (!response.ok) throw new Error(`offers: HTTP ${response.status}`);
  const json = await response.json();
  if (setting('theme').value !== 'response') delete json.data.styles;
  return json;
}

/** Display options from the toolbar, written onto a unit. */
function applyOptions(unit) {
  unit.toggleAttribute('show-qr', setting('qr').checked);
  unit.setAttribute('terms', setting('terms').value);
}

/** Loads a response into a unit and shows it. Returns false when there was nothing to show. */
async function present(unit) {
  applyOptions(unit);
  unit.response = await fetchOffers();
  return unit.show();
}

// Inline and list: shown at once, and again whenever a setting changes.
const pageUnits = ['inline-unit', 'list-unit'];

function renewPageUnits() {
  for (const id of pageUnits) {
    const old = document.getElementById(id);
    const unit = old.cloneNode(false);
    old.replaceWith(unit);
    present(unit).catch(() => {});
  }
}

// Popup and fullscreen: opened from their buttons. Each opening is a new load.
function wireOpener(buttonId, unitId, before = () => {}) {
  document.getElementById(buttonId).addEventListener('click', async () => {
    const unit = document.getElementById(unitId);
    before(unit);
    await present(unit).catch(() => false);
  });
}
wireOpener('open-popup', 'popup-unit', (unit) => {
  unit.toggleAttribute('backdrop-dismiss', document.getElementById('backdrop-dismiss').checked);
  unit.toggleAttribute('transparent', document.getElementById('transparent').checked);
});
wireOpener('open-fullscreen', 'fullscreen-unit');

// Every fixture offer: demo-key returns six; the two others share a campaign with the first two.
const cardGrid = document.getElementById('cards');
const normaliser = document.createElement('adpx-offers');
normaliser.setAttribute('manual', '');

async function allOffers() {
  const answers = await Promise.all([
    fetchOffers(),
    fetchOffers({ campaignId: '501' }),
    fetchOffers({ campaignId: '502' }),
  ]);
  const byId = new Map();
  let styles = {};
  for (const answer of answers) {
    normaliser.response = answer;
    styles = normaliser.response?.styles ?? styles;
    for (const offer of normaliser.response?.offers ?? []) byId.set(offer.id, offer);
  }
  return { offers: [...byId.values()].sort((a, b) => a.id - b.id), styles };
}

function caption(offer) {
  const facts = [`#${offer.id}`, offer.advertiser_name];
  const images = offer.creatives.length;
  facts.push(images ? `${images} creative${images > 1 ? 's' : ''}` : 'no creatives');
  if (offer.is_loyaltyboost) facts.push('loyalty boost');
  if (offer.offerwall_enabled) facts.push('more offers');
  if (offer.perkswallet_enabled) facts.push('save for later');
  return facts.filter(Boolean).join(' · ');
}

async function renderCards() {
  cardGrid.setAttribute('aria-busy', 'true');
  const { offers, styles } = await allOffers();
  // Standalone cards have no unit around them: the response colours go on their container.
  for (const [key, name] of [
    ['primary_color', '--adpx-primary-color'],
    ['background_color', '--adpx-background'],
    ['text_color', '--adpx-text-color'],
  ]) {
    if (styles[key]) cardGrid.style.setProperty(name, styles[key]);
    else cardGrid.style.removeProperty(name);
  }
  const items = offers.map((offer, index) => {
    const item = document.createElement('li');
    item.className = 'card-item';
    const card = document.createElement('adpx-offer');
    card.offer = offer;
    card.current = index + 1;
    card.total = offers.length;
    card.terms = setting('terms').value;
    card.toggleAttribute('show-qr', setting('qr').checked);
    const label = document.createElement('p');
    label.className = 'card-caption';
    label.textContent = caption(offer);
    item.append(label, card);
    return item;
  });
  cardGrid.replaceChildren(...items);
  cardGrid.setAttribute('aria-busy', 'false');
}

// Settings.
function applyWidth() {
  const width = controls.querySelector('input[name="width"]:checked')?.value ?? '1280';
  document.documentElement.style.setProperty('--stage-width', `${width}px`);
}

function applyTheme() {
  const brand = setting('theme').value === 'brand';
  for (const [name, value] of Object.entries(BRAND)) {
    if (brand) document.body.style.setProperty(name, value);
    else document.body.style.removeProperty(name);
  }
}

controls.addEventListener('change', (event) => {
  if (event.target.name === 'width') return applyWidth();
  applyTheme();
  renewPageUnits();
  renderCards().catch(() => {});
});
controls.addEventListener('submit', (event) => event.preventDefault());

applyWidth();
applyTheme();
renewPageUnits();
renderCards().catch(() => {
  cardGrid.textContent = 'The mock offers service did not answer.';
});
